import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetMany, type Identifier } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { NumberInput } from '../../kit';

interface Props {
  productIds: Identifier[];
  onClose: () => void;
  /** The rows to create, one per product. */
  onSubmit: (items: Record<string, unknown>[]) => Promise<boolean>;
}

const ENTITY = 'flashProductRelation';
/** A product with unlimited stock (-1) is offered this many at the flash price by default. */
const DEFAULT_COUNT = 100;

/**
 * The second step of adding flash products: each chosen product's flash price, quantity and per-member limit, with
 * the schema's rules on every cell; defaults are the product's price and stock.
 */
export const FlashPricesDialog = ({ productIds, onClose, onSubmit }: Props) => {
  const { data: products } = useGetMany('product', { ids: productIds });
  // Taken once: a later refetch of the products would give the form a new record, resetting what was typed.
  const [values, setValues] = useState<{ items: Record<string, unknown>[] }>();
  useEffect(() => {
    if (!products || values) return;
    setValues({
      items: products.map((p) => ({
        productId: p.id,
        flashPromotionPrice: p.price,
        flashPromotionCount: p.stock >= 0 ? Math.min(p.stock, DEFAULT_COUNT) : DEFAULT_COUNT,
        flashPromotionLimit: 1,
      })),
    });
  }, [products, values]);
  if (!products || !values) return null;
  return (
    <FormDialog
      open
      title="app.flash.pricesTitle"
      values={values}
      onClose={onClose}
      onSubmit={(v) => onSubmit(v.items as Record<string, unknown>[])}
    >
      {products.map((p, i) => (
        <Box key={p.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
          <Typography variant="subtitle2">{p.name}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <NumberInput source={`items.${i}.flashPromotionPrice`} entity={ENTITY} sx={{ width: 140 }} />
            <NumberInput source={`items.${i}.flashPromotionCount`} entity={ENTITY} sx={{ width: 140 }} />
            <NumberInput source={`items.${i}.flashPromotionLimit`} entity={ENTITY} sx={{ width: 140 }} />
          </Box>
        </Box>
      ))}
    </FormDialog>
  );
};
