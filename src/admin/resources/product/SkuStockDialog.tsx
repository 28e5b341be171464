import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, useMediaQuery, type Theme, DialogActions, DialogContent, DialogTitle, LinearProgress, TextField, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { fetchSkus, saveSkus, type Sku } from './catalogApi';
import { SkuTable } from './SkuTable';

/** The SKU stock of one listed product: edit price / stock per SKU, saved with POST /sku/update/{pid}. */
export const SkuStockDialog = ({ productId, name, onClose }: { productId: number; name: string; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [keyword, setKeyword] = useState('');
  const { data, isPending } = useQuery({ queryKey: ['skuStock', productId, keyword], queryFn: () => fetchSkus(productId, keyword) });
  const [rows, setRows] = useState<Sku[]>([]);
  const [saving, setSaving] = useState(false);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => setRows(data ?? []), [data]);

  const save = async () => {
    setSaving(true);
    try {
      await saveSkus(productId, rows);
      notify('app.message.updateSuccess', { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={small} onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate('app.catalog.product.sku.dialogTitle', { name })}</DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          label={translate('app.catalog.product.sku.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          sx={{ my: 1 }}
        />
        {isPending ? <LinearProgress /> : rows.length ? <SkuTable rows={rows} onChange={setRows} /> : (
          <Typography color="text.secondary">{translate('app.catalog.product.sku.none')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving || !rows.length}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
};
