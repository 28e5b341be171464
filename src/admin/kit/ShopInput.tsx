import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, ReferenceInput, required, useGetList } from 'react-admin';

export interface ShopInputProps {
  /** The tenant field (`x-admin.tenant`), e.g. `shopId`. */
  source: string;
  /** The shop entity and the field naming a shop, from the tenant field's `ref`. */
  reference: string;
  optionText: string;
  /** Shown but not changeable (the generic update keeps a record's shop). */
  disabled?: boolean;
}

/**
 * The shop a shop-scoped record belongs to. Choices are the shops the caller can see (the shop list is tenant-scoped
 * on the server: a seller's own shops, every shop for platform staff); required, and preselected when there is
 * exactly one, because the server stores no such record without a shop.
 */
export const ShopInput = ({ source, reference, optionText, disabled }: ShopInputProps) => {
  const { setValue } = useFormContext();
  const value = useWatch({ name: source });
  // Two rows are enough to tell "exactly one" from "several".
  const { data, total } = useGetList(reference, {
    pagination: { page: 1, perPage: 2 },
    sort: { field: 'id', order: 'ASC' },
  });
  const only = total === 1 ? data?.[0]?.id : undefined;
  // Watched, so the choice comes back if the form resets its values after the shops have loaded.
  useEffect(() => {
    if (!disabled && only !== undefined && (value ?? '') === '') setValue(source, only, { shouldDirty: true });
  }, [disabled, only, source, value, setValue]);
  return (
    <ReferenceInput source={source} reference={reference} perPage={50} sort={{ field: 'id', order: 'ASC' }}>
      {/* Not opened by a focus: a refused save focuses it, and its list would cover the other errors. */}
      <AutocompleteInput
        optionText={optionText}
        validate={required()}
        disabled={disabled}
        openOnFocus={false}
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>
  );
};
