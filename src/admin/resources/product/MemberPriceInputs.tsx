import { useQuery } from '@tanstack/react-query';
import { LinearProgress, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { fetchMemberLevels } from './catalogApi';
import { FormRow } from '../../components/FormRow';

interface MemberPrice {
  memberLevelId: number;
  memberLevelName?: string;
  memberPrice?: number | null;
}

/** One price per member level (GET /memberLevel/list), kept in `memberPriceList`. */
export const MemberPriceInputs = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const list = (useWatch({ name: 'memberPriceList' }) as MemberPrice[] | undefined) ?? [];
  const { data: levels, isPending } = useQuery({ queryKey: ['memberLevel', 'all'], queryFn: fetchMemberLevels });
  if (isPending) return <LinearProgress />;
  if (!levels?.length) return <Typography color="text.secondary">{translate('app.catalog.product.memberLevelsEmpty')}</Typography>;
  const priceOf = (id: number) => list.find((m) => Number(m.memberLevelId) === id)?.memberPrice ?? '';
  const change = (id: number, name: string, raw: string) => {
    const rest = list.filter((m) => Number(m.memberLevelId) !== id);
    const next = raw === '' ? rest : [...rest, { memberLevelId: id, memberLevelName: name, memberPrice: Number(raw) }];
    setValue('memberPriceList', next, { shouldDirty: true });
  };
  return (
    <FormRow>
      {levels.map((level) => (
        <TextField
          key={level.id}
          size="small"
          type="number"
          label={level.name}
          sx={{ mb: 2 }}
          value={priceOf(level.id)}
          onChange={(e) => change(level.id, level.name, e.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
        />
      ))}
    </FormRow>
  );
};
