import { FormHelperText, LinearProgress, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { seedText } from '../../i18n/seedText';
import type { MemberLevel, MemberPrice as Row } from '../../../../generated/types';
import { fieldMeta, inputAttrs, listSort, useRuleMessage, type Draft } from '../../kit/schema';
import { FormRow } from '../../components/FormRow';

type MemberPrice = Draft<Row>;

// Every level (a handful: upstream has three), in the list's own order.
const EVERY_LEVEL = { pagination: { page: 1, perPage: 200 }, sort: listSort('memberLevel') };

// Bounds and step of a member price come from schemas/memberPrice.json.
const priceField = fieldMeta('memberPrice', 'memberPrice');

/**
 * One price per member level (the generic memberLevel list), kept in `memberPriceList`; a refusal of the list as a
 * whole (no price at all) marks every price until one changes.
 */
export const MemberPriceInputs = () => {
  const translate = useTranslate();
  const problem = useRuleMessage();
  const { setValue, clearErrors } = useFormContext();
  const listError = useFormState({ name: 'memberPriceList' }).errors.memberPriceList?.message;
  const refused = typeof listError === 'string' ? translate(listError, { _: listError }) : undefined;
  const list = (useWatch({ name: 'memberPriceList' }) as MemberPrice[] | undefined) ?? [];
  const { data: levels, isPending } = useGetList<MemberLevel & { id: number }>('memberLevel', EVERY_LEVEL);
  if (isPending) return <LinearProgress />;
  if (!levels?.length)
    return <Typography color="text.secondary">{translate('app.catalog.product.memberLevelsEmpty')}</Typography>;
  const priceOf = (id: number) => list.find((m) => Number(m.memberLevelId) === id)?.memberPrice ?? '';
  const change = (id: number, name: string, raw: string) => {
    const rest = list.filter((m) => Number(m.memberLevelId) !== id);
    const next = raw === '' ? rest : [...rest, { memberLevelId: id, memberLevelName: name, memberPrice: Number(raw) }];
    setValue('memberPriceList', next, { shouldDirty: true });
    clearErrors('memberPriceList');
  };
  return (
    <>
      <FormRow>
        {levels.map((level) => (
          <TextField
            key={level.id}
            size="small"
            type="number"
            label={seedText(level.name, 'memberLevel')}
            sx={{ mb: 2 }}
            value={priceOf(level.id)}
            onChange={(e) => change(level.id, level.name, e.target.value)}
            error={!!refused || !!problem(priceField, priceOf(level.id))}
            helperText={problem(priceField, priceOf(level.id))}
            slotProps={{ htmlInput: inputAttrs(priceField) }}
          />
        ))}
      </FormRow>
      {refused && <FormHelperText error>{refused}</FormHelperText>}
    </>
  );
};
