import { useEffect } from 'react';
import { DateTimeInput, minValue, NumberInput, required, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { EnumInput } from '../../kit';
import { LimitedArrayInput } from '../../components/LimitedArrayInput';
import { MemberPriceInputs } from './MemberPriceInputs';
import { FormRow } from '../../components/FormRow';

/** Price strategies the form offers (5, flash sale, is set by the flash promotion screens). */
const STRATEGIES = [0, 1, 2, 3, 4] as const;
const TIER_LISTS: Record<number, string> = { 3: 'productLadderList', 4: 'productFullReductionList' };

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate(title)}</Typography>
      {children}
    </Box>
  );
};

/** promotionType radio and the inputs of the chosen strategy (upstream's "price strategy" block). */
export const PriceStrategyInput = () => {
  const type = Number(useWatch({ name: 'promotionType' }) ?? 0);
  const { getValues, setValue } = useFormContext();
  // A tier strategy starts with one row: at least one must stay.
  useEffect(() => {
    const list = TIER_LISTS[type];
    if (list && !(getValues(list) as unknown[] | undefined)?.length) setValue(list, [{}]);
  }, [type, getValues, setValue]);

  return (
    <>
      <EnumInput source="promotionType" values={STRATEGIES} radio />
      {type === 1 && (
        <Section title="app.catalog.product.promotion">
          <FormRow>
            <NumberInput source="promotionPrice" validate={[required(), minValue(0)]} />
            <DateTimeInput source="promotionStartTime" validate={required()} />
            <DateTimeInput source="promotionEndTime" validate={required()} />
            <NumberInput source="promotionPerLimit" validate={minValue(0)} />
          </FormRow>
        </Section>
      )}
      {type === 2 && (
        <Section title="app.catalog.product.memberPrices">
          <MemberPriceInputs />
        </Section>
      )}
      {type === 3 && (
        <Section title="app.catalog.product.ladder.title">
          <LimitedArrayInput source="productLadderList">
            <NumberInput source="count" label="app.catalog.product.ladder.count" validate={minValue(1)} />
            <NumberInput source="discount" label="app.catalog.product.ladder.discount" validate={[minValue(0)]} />
            <NumberInput source="price" label="app.catalog.product.ladder.price" validate={minValue(0)} />
          </LimitedArrayInput>
        </Section>
      )}
      {type === 4 && (
        <Section title="app.catalog.product.fullReduction.title">
          <LimitedArrayInput source="productFullReductionList">
            <NumberInput source="fullPrice" label="app.catalog.product.fullReduction.fullPrice" validate={minValue(0)} />
            <NumberInput source="reducePrice" label="app.catalog.product.fullReduction.reducePrice" validate={minValue(0)} />
          </LimitedArrayInput>
        </Section>
      )}
    </>
  );
};
