import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A row's action buttons on one line. */
export const ActionsBox = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>{children}</Box>
);
