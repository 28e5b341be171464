import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CategoryCascader } from './CategoryCascader';
import { useCancelled } from '../../components/useCancelled';

/** Picks the category the selected products move to. */
export const TransferDialog = ({
  count,
  onConfirm,
  onClose,
  busy,
}: {
  count: number;
  onConfirm: (categoryId: number) => void;
  onClose: () => void;
  busy?: boolean;
}) => {
  const translate = useTranslate();
  const [category, setCategory] = useState<number | null>(null);
  const cancel = useCancelled()(onClose);
  return (
    <Dialog open onClose={cancel} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.catalog.product.list.transferTitle', { smart_count: count })}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <CategoryCascader value={category} onChange={setCategory} />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!category || busy} onClick={() => category && onConfirm(category)}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
