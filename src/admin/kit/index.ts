/** Small runtime pieces the generated screens (generated/admin) import. */
export { EnumField } from './EnumField';
export { EnumInput, type EnumInputProps } from './EnumInput';
export { enumKey, useEnumChoices } from './enumChoices';
export { ImageField } from './ImageField';
export { ImageInput } from './ImageInput';
export { lengthBetween } from './lengthBetween';
export { ListActions } from './ListActions';
export { useIsMobile } from '../layout/useDevice';
export type { ResourceModule } from './ResourceModule';
export { ShopInput, type ShopInputProps } from './ShopInput';
export { tenantShopProps } from './tenantShop';
export { showCreated } from './showCreated';
export { SeedTextField } from './SeedTextField';
export { seedText } from '../i18n/seedText';
