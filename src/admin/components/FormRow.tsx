import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Short inputs side by side (react-admin inputs are full width: each fills one grid cell). */
export const FormRow = ({ children, min = 200 }: { children: ReactNode; min?: number }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
      columnGap: 2,
      width: '100%',
    }}
  >
    {children}
  </Box>
);
