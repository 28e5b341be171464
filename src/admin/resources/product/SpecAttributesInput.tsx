import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Attribute } from './catalogApi';
import { splitList, valueOf, withValue, type AttrValue } from './attrValues';
import { SkuEditor } from './SkuEditor';
import { SpecValuesInput } from './SpecValuesInput';

/** The chosen values of every spec attribute of the product's type, then the SKUs made from them. */
export const SpecAttributesInput = ({ attrs }: { attrs: Attribute[] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const list = (useWatch({ name: 'productAttributeValueList' }) as AttrValue[] | undefined) ?? [];
  if (!attrs.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.catalog.product.noSpecs')}
      </Typography>
    );
  const choices = attrs.map((attr) => ({ attr, values: splitList(valueOf(list, attr.id)) }));
  const change = (id: number, values: string[]) =>
    setValue('productAttributeValueList', withValue(list, id, values.join(',')), { shouldDirty: true });
  return (
    <>
      {choices.map(({ attr, values }) => (
        <SpecValuesInput key={attr.id} attr={attr} selected={values} onChange={(v) => change(attr.id, v)} />
      ))}
      <SkuEditor choices={choices} />
    </>
  );
};
