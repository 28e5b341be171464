/** Small runtime pieces the generated screens (generated/admin) import. */
export { EnumField } from './EnumField';
export { EnumInput, type EnumInputProps } from './EnumInput';
export { enumKey, useEnumChoices } from './enumChoices';
export { ImageField } from './ImageField';
export { ImageInput } from './ImageInput';
export { lengthBetween } from './lengthBetween';
export { ListActions } from './ListActions';
export type { ResourceModule } from './ResourceModule';
