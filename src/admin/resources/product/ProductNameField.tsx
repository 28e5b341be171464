import { Box, Typography } from '@mui/material';
import { ReferenceField, TextField, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** Name with its brand underneath, as upstream's list shows it, and its shop (platform staff see every shop's). */
export const ProductNameField = (_: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2">{record.name}</Typography>
      {record.brandName && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.catalog.product.list.brand', { name: record.brandName })}
        </Typography>
      )}
      {record.shopId != null && (
        <ReferenceField source="shopId" reference="shop" link={false}>
          <TextField source="shopName" variant="caption" color="text.secondary" sx={{ display: 'block' }} />
        </ReferenceField>
      )}
    </Box>
  );
};
