import { CheckboxGroupInput, useTranslate } from 'react-admin';
import { schemaInput } from '../../kit';

/** Upstream's service guarantees (no schema lists them: serviceIds is a free comma list of ids). */
const SERVICES = ['1', '2', '3'] as const;

const ServiceChecks = schemaInput(CheckboxGroupInput);

/** Service guarantees as check boxes, stored as upstream's comma list (`serviceIds: "1,3"`, its rules from the schema). */
export const ServiceIdsInput = () => {
  const translate = useTranslate();
  const choices = SERVICES.map((id) => ({ id, name: translate(`app.catalog.product.services.${id}`) }));
  return (
    <ServiceChecks
      source="serviceIds"
      choices={choices}
      format={(v: unknown) => (typeof v === 'string' && v ? v.split(',') : [])}
      parse={(v: string[]) => [...v].sort().join(',')}
    />
  );
};
