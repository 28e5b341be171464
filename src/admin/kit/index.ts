/**
 * The admin kit: what generated screens (generated/admin, through the `@kit` alias) and hand-written ones compose.
 * Its inputs are schema-aware: given only `source`, they take label, rules, choices and references from the
 * generated entity metadata (see schema.ts).
 */
export {
  CountryInput,
  DateInput,
  DateTimeInput,
  EnumInput,
  ImageInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  RichTextInput,
  TextInput,
  TimeInput,
  schemaInput,
  type ReferenceInputProps,
  type SchemaProps,
} from './SchemaInputs';
export { EnumInput as EnumFilter, type EnumInputProps } from './EnumInput';
export {
  entityMeta,
  entityPath,
  fieldMeta,
  fieldRules,
  inputAttrs,
  isNumeric,
  listSort,
  ruleError,
  stepRules,
  schemaDefaults,
  useFieldMeta,
  useRuleMessage,
  withRules,
  type Draft,
} from './schema';
export { FormSection } from './FormSection';
export { FormToolbar } from './FormToolbar';
export { CreateScreen, EditScreen, savedScreens, useSchemaDefaults } from './SavedScreens';
export { useStaleSave } from './StaleSave';
export { changedFields, type StaleSave } from './staleFields';
export { SchemaList, type SchemaListProps } from './SchemaList';
export { pick } from './pick';
export { MoneyField } from './MoneyField';
export { CountryAutocomplete, CountryField, useCountryChoices } from './countries';
export { BulkSwitchButtons } from './BulkSwitchButtons';
export { ToggleField, type ToggleFieldProps } from './ToggleField';
export { LabeledToggle } from './LabeledToggle';
export { EnumField } from './EnumField';
export { enumKey, useEnumChoices } from './enumChoices';
export { ImageField } from './ImageField';
export { RichTextField } from './RichTextField';
export { ChangesField } from './ChangesField';
export { SchemaField } from './SchemaField';
export { SchemaTabs, type SchemaTabsProps } from './SchemaTabs';
export { ChildListInput } from './ChildListInput';
export { DayField } from './DayField';
export { PickDialog, type PickDialogProps } from './PickDialog';
export { lengthBetween } from './lengthBetween';
export { ListActions } from './ListActions';
export { ServerExportButton } from './ServerExportButton';
export { useIsMobile } from '../components/useDevice';
export type { ResourceModule } from './ResourceModule';
export { lazyScreen, type LazyScreen } from './lazyScreen';
export { ShopInput, type ShopInputProps } from './ShopInput';
export { tenantShopProps } from './tenantShop';
export { showCreated } from './showCreated';
export { useSaved } from './useSaved';
export { useActionMutation, useActionQuery, useWrite } from './actionHooks';
export { SeedTextField } from './SeedTextField';
export { seedText } from '../i18n/seedText';
