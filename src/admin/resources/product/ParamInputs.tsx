import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { fieldMeta, inputAttrs } from '../../kit/schema';
import type { Attribute } from './catalogApi';
import { splitList, valueOf, withValue, type AttrValue } from './attrValues';
import { ProductAttributeInputType } from '../../../../generated/enums';

// A parameter's value is a productAttributeValue: its length bound comes from that schema.
const valueField = fieldMeta('productAttributeValue', 'value');

/** One input per parameter of the product's type: a select over its input list, else free text. */
export const ParamInputs = ({ attrs }: { attrs: Attribute[] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const list = (useWatch({ name: 'productAttributeValueList' }) as AttrValue[] | undefined) ?? [];
  if (!attrs.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.catalog.product.noParams')}
      </Typography>
    );
  const change = (id: number, value: string) =>
    setValue('productAttributeValueList', withValue(list, id, value), { shouldDirty: true });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, width: '100%', mb: 2 }}>
      {attrs.map((attr) => {
        const value = valueOf(list, attr.id);
        const listed = attr.inputType === ProductAttributeInputType.fromList ? splitList(attr.inputList) : [];
        // A stored value no longer in the list still shows (MUI refuses an out-of-range select value).
        const options = value && listed.length && !listed.includes(value) ? [...listed, value] : listed;
        return (
          <TextField
            key={attr.id}
            size="small"
            select={options.length > 0}
            label={attr.name}
            value={value}
            onChange={(e) => change(attr.id, e.target.value)}
            slotProps={{ htmlInput: inputAttrs(valueField) }}
          >
            {options.length > 0 && <MenuItem value="">{translate('app.catalog.cascader.none')}</MenuItem>}
            {options.map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Box>
  );
};
