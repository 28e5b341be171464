import { CheckboxGroupInput, useTranslate } from 'react-admin';

const SERVICES = ['1', '2', '3'] as const;

/** Service guarantees as check boxes, stored as upstream's comma list (`serviceIds: "1,3"`). */
export const ServiceIdsInput = () => {
  const translate = useTranslate();
  const choices = SERVICES.map((id) => ({ id, name: translate(`app.catalog.product.services.${id}`) }));
  return (
    <CheckboxGroupInput
      source="serviceIds"
      choices={choices}
      format={(v: unknown) => (typeof v === 'string' && v ? v.split(',') : [])}
      parse={(v: string[]) => [...v].sort().join(',')}
    />
  );
};
