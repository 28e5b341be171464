import type { ReactNode } from 'react';
import { ArrayInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Typography } from '@mui/material';
import { childListMeta, useEntityName } from '../kit/schema';

/**
 * Rows of inputs for a child list of the form's entity (`list`, held in the form as `source` when the screen shapes
 * it otherwise): at most the schema's `maxItems` (the spec's three), at least one stays.
 */
export const LimitedArrayInput = ({
  list,
  source = list,
  children,
}: {
  list: string;
  source?: string;
  children: ReactNode;
}) => {
  const rows = (useWatch({ name: source }) as unknown[] | undefined) ?? [];
  const translate = useTranslate();
  const entity = useEntityName();
  const max = childListMeta(entity, list)?.maxItems;
  if (max === undefined) throw new Error(`LimitedArrayInput: ${entity}.${list} declares no maxItems`);
  return (
    <>
      <ArrayInput source={source} label={false} helperText={false}>
        <SimpleFormIterator
          inline
          disableReordering
          disableClear
          disableAdd={rows.length >= max}
          disableRemove={rows.length <= 1}
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          {children}
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.catalog.tiersHint', { max })}
      </Typography>
    </>
  );
};
