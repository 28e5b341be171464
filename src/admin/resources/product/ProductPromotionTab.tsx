import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { EnumInput, NumberInput, TextInput } from '../../kit';
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
        <NumberInput source="giftPoint" />
        <NumberInput source="giftGrowth" />
        <NumberInput source="usePointLimit" />
      </FormRow>
      <Typography variant="subtitle2">{translate('app.catalog.product.statuses')}</Typography>
      <FormRow>
        {STATUSES.map((s) => (
          <EnumInput key={s} source={s} radio />
        ))}
      </FormRow>
      <ServiceIdsInput />
      <Typography variant="subtitle2">{translate('app.catalog.product.detailSeo')}</Typography>
      <TextInput source="detailTitle" fullWidth />
      <TextInput source="detailDesc" minRows={2} />
      <TextInput source="keywords" fullWidth />
      <TextInput source="note" fullWidth />
      <PriceStrategyInput />
    </>
  );
};
