import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Divider, LinearProgress, Typography } from '@mui/material';
import { ReferenceInput } from '../../kit';
import { ParamInputs } from './ParamInputs';
import { SpecAttributesInput } from './SpecAttributesInput';
import { useTypeAttributes } from './useTypeAttributes';
import { ProductAttributeType } from '../../../../generated/enums';

const Heading = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ mt: 1, mb: 1 }}>
      {translate(text)}
    </Typography>
  );
};

/** Product type → its spec attributes (chosen values, SKUs) and its parameters. */
export const ProductAttributesTab = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const typeId = useWatch({ name: 'productAttributeCategoryId' });
  const specs = useTypeAttributes(typeId, ProductAttributeType.spec);
  const params = useTypeAttributes(typeId, ProductAttributeType.param);
  // Another type means other attributes: the values and SKUs of the old one go.
  const shown = useRef(typeId);
  useEffect(() => {
    if (shown.current === typeId) return;
    shown.current = typeId;
    setValue('productAttributeValueList', [], { shouldDirty: true });
    setValue('skuStockList', [], { shouldDirty: true });
  }, [typeId, setValue]);

  return (
    <>
      <ReferenceInput
        source="productAttributeCategoryId"
        select
        perPage={200}
        sort={{ field: 'id', order: 'ASC' }}
        sx={{ minWidth: 240 }}
      />
      {!typeId ? (
        <Typography color="text.secondary">{translate('app.catalog.product.chooseType')}</Typography>
      ) : specs.isPending || params.isPending ? (
        <LinearProgress sx={{ width: '100%' }} />
      ) : (
        <>
          <Heading text="app.catalog.product.specs" />
          <SpecAttributesInput attrs={specs.data ?? []} />
          <Divider flexItem sx={{ my: 1 }} />
          <Heading text="app.catalog.product.params" />
          <ParamInputs attrs={params.data ?? []} />
        </>
      )}
    </>
  );
};
