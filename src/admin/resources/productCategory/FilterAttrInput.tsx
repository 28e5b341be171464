import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useInput, useTranslate, type InputProps } from 'react-admin';
import { useActionQuery } from '../../kit';
import type { TypeWithAttrs } from '../product/catalogApi';

/** One filter attribute: product type, then one of its parameters (upstream's type → attribute cascader). */
export const FilterAttrInput = (props: InputProps) => {
  const translate = useTranslate();
  const { field } = useInput(props);
  const { data: types = [] } = useActionQuery<TypeWithAttrs[]>('productAttributeCategory', 'withAttr');
  const owner = types.find((t) => t.productAttributeList?.some((a) => a.id === Number(field.value)));
  const [picked, setPicked] = useState<number | ''>('');
  const typeId = owner?.id ?? picked;
  const attrs = types.find((t) => t.id === typeId)?.productAttributeList ?? [];
  const pickType = (id: number) => {
    setPicked(id);
    field.onChange(null);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
      <TextField
        select
        size="small"
        label={translate('app.catalog.category.filterType')}
        value={typeId}
        onChange={(e) => pickType(Number(e.target.value))}
        sx={{ minWidth: 180 }}
      >
        {types.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.catalog.category.filterAttr')}
        value={attrs.some((a) => a.id === Number(field.value)) ? Number(field.value) : ''}
        onChange={(e) => field.onChange(Number(e.target.value))}
        disabled={!attrs.length}
        sx={{ minWidth: 180 }}
      >
        {attrs.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
};
