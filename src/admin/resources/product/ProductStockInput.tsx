import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberInput } from '../../kit';
import type { Sku } from './catalogApi';

/** What the server stores as a product's stock when it has SKUs: their sum, or -1 (unlimited) when one is. */
const skuTotal = (skus: Sku[]) =>
  skus.some((s) => Number(s.stock) === -1) ? -1 : skus.reduce((n, s) => n + (Number(s.stock) || 0), 0);

/**
 * The product's stock (its lower bound, -1 for unlimited, from the schema): typed in for a product without SKUs;
 * read-only and following the SKU table once there are SKUs, as the server recomputes it from them on save.
 */
export const ProductStockInput = () => {
  const skus = (useWatch({ name: 'skuStockList' }) as Sku[] | undefined) ?? [];
  const { setValue, getValues } = useFormContext();
  const total = skus.length ? skuTotal(skus) : undefined;
  useEffect(() => {
    if (total !== undefined && Number(getValues('stock')) !== total) setValue('stock', total);
  }, [total, getValues, setValue]);
  return (
    <NumberInput
      source="stock"
      readOnly={total !== undefined}
      helperText={total !== undefined ? 'app.catalog.product.stockFromSkus' : 'app.catalog.product.stockHint'}
    />
  );
};
