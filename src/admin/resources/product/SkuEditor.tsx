import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { Confirm } from '../../components/Confirm';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Sku } from './catalogApi';
import { regenerateSkus, syncFirst, type SpecChoice } from './skuCombos';
import { SkuTable } from './SkuTable';

type Ask = 'refresh' | 'syncPrice' | 'syncStock';

/**
 * `skuStockList` of the form: generated from the chosen spec values (refresh, confirmed once SKUs exist), edited
 * in a table, first SKU's price or stock synced to all after a confirmation.
 */
export const SkuEditor = ({ choices }: { choices: SpecChoice[] }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const rows = (useWatch({ name: 'skuStockList' }) as Sku[] | undefined) ?? [];
  const [asking, setAsking] = useState<Ask | null>(null);
  const set = (next: Sku[]) => setValue('skuStockList', next, { shouldDirty: true });
  const run: Record<Ask, () => void> = {
    refresh: () => set(regenerateSkus(choices, rows, getValues('price'))),
    syncPrice: () => set(syncFirst(rows, 'price')),
    syncStock: () => set(syncFirst(rows, 'stock')),
  };
  const ask = (what: Ask) => (what === 'refresh' && !rows.length ? run.refresh() : setAsking(what));
  const confirmKey: Record<Ask, string> = {
    refresh: 'app.catalog.product.sku.confirmRefresh',
    syncPrice: 'app.catalog.product.sku.confirmSyncPrice',
    syncStock: 'app.catalog.product.sku.confirmSyncStock',
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ mr: 1 }}>
          {translate('app.catalog.product.sku.title')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={() => ask('refresh')}>
          {translate('app.catalog.product.sku.refresh')}
        </Button>
        <Button size="small" onClick={() => ask('syncPrice')} disabled={rows.length < 2}>
          {translate('app.catalog.product.sku.syncPrice')}
        </Button>
        <Button size="small" onClick={() => ask('syncStock')} disabled={rows.length < 2}>
          {translate('app.catalog.product.sku.syncStock')}
        </Button>
      </Stack>
      {rows.length ? (
        <SkuTable rows={rows} onChange={set} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.catalog.product.sku.empty')}
        </Typography>
      )}
      <Confirm
        isOpen={asking !== null}
        title="app.catalog.confirmTitle"
        content={asking ? confirmKey[asking] : ''}
        onConfirm={() => {
          if (asking) run[asking]();
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
};
