import type { ReactNode } from 'react';
import { ArrayInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Typography } from '@mui/material';
import { MAX_TIERS } from '../../shared/constants';

/** Rows of inputs with the spec's limits: at most three (MAX_TIERS), at least one stays. */
export const LimitedArrayInput = ({ source, children }: { source: string; children: ReactNode }) => {
  const rows = (useWatch({ name: source }) as unknown[] | undefined) ?? [];
  const translate = useTranslate();
  return (
    <>
      <ArrayInput source={source} label={false} helperText={false}>
        <SimpleFormIterator
          inline
          disableReordering
          disableClear
          disableAdd={rows.length >= MAX_TIERS}
          disableRemove={rows.length <= 1}
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          {children}
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.catalog.tiersHint')}
      </Typography>
    </>
  );
};
