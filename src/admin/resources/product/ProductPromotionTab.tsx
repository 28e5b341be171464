import { NumberInput, TextInput, minValue, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { EnumInput, lengthBetween } from '../../kit';
import { PriceStrategyInput } from './PriceStrategyInput';
import { ServiceIdsInput } from './ServiceIdsInput';
import { FormRow } from '../../components/FormRow';

const STATUSES = ['publishStatus', 'newStatus', 'recommandStatus', 'previewStatus'] as const;

/** Step 2: points, statuses, service guarantees, detail page texts and the price strategy. */
export const ProductPromotionTab = () => {
  const translate = useTranslate();
  return (
    <>
      <FormRow>
        <NumberInput source="giftPoint" validate={minValue(0)} />
        <NumberInput source="giftGrowth" validate={minValue(0)} />
        <NumberInput source="usePointLimit" validate={minValue(0)} />
      </FormRow>
      <Typography variant="subtitle2">{translate('app.catalog.product.statuses')}</Typography>
      <FormRow>
        {STATUSES.map((s) => (
          <EnumInput key={s} source={s} values={[0, 1]} radio />
        ))}
      </FormRow>
      <ServiceIdsInput />
      <Typography variant="subtitle2">{translate('app.catalog.product.detailSeo')}</Typography>
      <TextInput source="detailTitle" validate={lengthBetween(0, 255)} fullWidth />
      <TextInput source="detailDesc" multiline minRows={2} validate={lengthBetween(0, 2000)} fullWidth />
      <TextInput source="keywords" validate={lengthBetween(0, 255)} fullWidth />
      <TextInput source="note" validate={lengthBetween(0, 255)} fullWidth />
      <PriceStrategyInput />
    </>
  );
};
