import { useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { SkuStockDialog } from './SkuStockDialog';

/** The product's stock, with a button opening its SKU stock dialog. */
export const SkuStockButton = (_: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = translate('app.catalog.product.list.editSkus');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {record.stock}
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={(e) => (e.stopPropagation(), setOpen(true))}>
          <EditNoteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <SkuStockDialog productId={Number(record.id)} name={String(record.name)} onClose={() => setOpen(false)} />
      )}
    </Box>
  );
};
