import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { DateTimeInput, EnumInput, NumberInput } from '../../kit';
import { LimitedArrayInput } from '../../components/LimitedArrayInput';
import { MemberPriceInputs } from './MemberPriceInputs';
import { FormRow } from '../../components/FormRow';
import { ProductPromotionType } from '../../../../generated/enums';

const TIER_LISTS: Record<number, string> = {
  [ProductPromotionType.ladder]: 'productLadderList',
  [ProductPromotionType.fullReduction]: 'productFullReductionList',
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/**
 * promotionType radio and the inputs of the chosen strategy (upstream's "price strategy" block). Bounds come from the
 * schemas of the product and of its tiers (productLadder: a discount of at most 10; productFullReduction), and so
 * does the prompt for what a promotion needs (its price and times: `requiredWhen`). A chosen tier's own rules (at
 * least one item, a real discount or reduction) are the server's (price-rules.ts): its answer shows under the row's
 * field.
 */
export const PriceStrategyInput = () => {
  const type = Number(useWatch({ name: 'promotionType' }) ?? ProductPromotionType.originalPrice);
  const { getValues, setValue } = useFormContext();
  // A tier strategy starts with one row: at least one must stay.
  useEffect(() => {
    const list = TIER_LISTS[type];
    if (list && !(getValues(list) as unknown[] | undefined)?.length) setValue(list, [{}]);
  }, [type, getValues, setValue]);

  return (
    <>
      {/* The flash sale is set by the flash promotion screens, not by this form. */}
      <EnumInput source="promotionType" omit={[ProductPromotionType.flashSale]} radio />
      {type === ProductPromotionType.promotionPrice && (
        <Section title="app.catalog.product.promotion">
          <FormRow>
            <NumberInput source="promotionPrice" />
            <DateTimeInput source="promotionStartTime" />
            <DateTimeInput source="promotionEndTime" />
            <NumberInput source="promotionPerLimit" />
          </FormRow>
        </Section>
      )}
      {type === ProductPromotionType.memberPrice && (
        <Section title="app.catalog.product.memberPrices">
          <MemberPriceInputs />
        </Section>
      )}
      {type === ProductPromotionType.ladder && (
        <Section title="app.catalog.product.ladder.title">
          <LimitedArrayInput list="productLadderList">
            <NumberInput source="count" entity="productLadder" label="app.catalog.product.ladder.count" />
            <NumberInput source="discount" entity="productLadder" label="app.catalog.product.ladder.discount" />
            <NumberInput source="price" entity="productLadder" label="app.catalog.product.ladder.price" />
          </LimitedArrayInput>
        </Section>
      )}
      {type === ProductPromotionType.fullReduction && (
        <Section title="app.catalog.product.fullReduction.title">
          <LimitedArrayInput list="productFullReductionList">
            <NumberInput
              source="fullPrice"
              entity="productFullReduction"
              label="app.catalog.product.fullReduction.fullPrice"
            />
            <NumberInput
              source="reducePrice"
              entity="productFullReduction"
              label="app.catalog.product.fullReduction.reducePrice"
            />
          </LimitedArrayInput>
        </Section>
      )}
    </>
  );
};
