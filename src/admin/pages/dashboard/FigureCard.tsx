import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';

/** One dashboard figure: its label and value, leading to the list behind it when there is one. */
export const FigureCard = ({ label, value, to }: { label: string; value: ReactNode; to?: string }) => {
  const body = (
    <CardContent sx={{ py: 1.5 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid="figure">
        {value}
      </Typography>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};
