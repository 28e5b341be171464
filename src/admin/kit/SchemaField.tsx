import { DateField, ReferenceField, TextField, type FieldProps } from 'react-admin';
import { CountryField } from './countries';
import { DayField } from './DayField';
import { EnumField } from './EnumField';
import { ImageField } from './ImageField';
import { MoneyField } from './MoneyField';
import { useFieldMeta } from './schema';
import { SeedTextField } from './SeedTextField';

/**
 * The read-only field a schema field is shown with, chosen from its metadata (an enum by its label, money with two
 * decimals, a date-time with its time, a reference by its display field, a picture as a thumbnail), as the generated
 * Show pages do: hand-written detail pages compose it instead of choosing field types again.
 */
export const SchemaField = ({ source, entity, ...props }: FieldProps & { source: string; entity?: string }) => {
  const f = useFieldMeta(source, entity);
  const common = { source, ...(entity ? { resource: entity } : {}), ...props };
  if (!f) return <TextField {...common} />;
  if (f.ref) return <ReferenceField {...common} reference={f.ref.resource} link={false} />;
  if (f.enum) return <EnumField {...common} />;
  if (f.input === 'money') return <MoneyField {...common} />;
  if (f.input === 'image') return <ImageField {...common} />;
  if (f.input === 'country') return <CountryField {...common} />;
  if (f.type === 'datetime') return <DateField {...common} showTime />;
  if (f.type === 'date') return <DayField source={source} />;
  if (f.translate) return <SeedTextField {...common} />;
  return <TextField {...common} />;
};
