import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  useMediaQuery,
  type Theme,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useActionMutation, useActionQuery } from '../../kit';
import type { Sku } from './catalogApi';
import { SkuTable } from './SkuTable';

/** The SKU stock of one listed product: edit price / stock per SKU, saved with POST /sku/update/{pid}. */
export const SkuStockDialog = ({
  productId,
  name,
  onClose,
}: {
  productId: number;
  name: string;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [keyword, setKeyword] = useState('');
  // Loaded once; the search filters on screen, so typing neither refetches nor drops unsaved edits.
  const { data, isPending, error } = useActionQuery<Sku[]>('skuStock', 'ofProduct', { id: productId });
  // The product list shows stock and prices: it is refetched with the SKUs.
  const { mutateAsync: saveSkus, isPending: saving } = useActionMutation('skuStock', 'updateOfProduct', ['product']);
  const [rows, setRows] = useState<Sku[]>([]);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => setRows(data ?? []), [data]);
  const needle = keyword.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) =>
        String(r.skuCode ?? '')
          .toLowerCase()
          .includes(needle),
      )
    : rows;
  const edit = (changed: Sku[]) => setRows((all) => all.map((r) => changed.find((c) => c.id === r.id) ?? r));

  const save = async () => {
    try {
      await saveSkus({ id: productId, body: rows });
      notify('app.message.updateSuccess', { type: 'success' });
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
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
        {isPending ? (
          <LinearProgress />
        ) : error ? (
          <Typography color="error">{translate((error as Error).message, { _: (error as Error).message })}</Typography>
        ) : shown.length ? (
          <SkuTable rows={shown} onChange={edit} />
        ) : (
          <Typography color="text.secondary">{translate('app.catalog.product.sku.none')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !rows.length}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
