import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';
import type { RouteEntry } from '../routes/types';
import { useMenuTitle } from '../components/useMenuTitle';

/** Stands in for a spec route whose screen is not built yet. */
export const ComingSoon = ({ route }: { route: RouteEntry }) => {
  const translate = useTranslate();
  const title = useMenuTitle()(route);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 56 }} />
        <Typography variant="h6">{translate('app.comingSoon.title')}</Typography>
        <Typography color="text.secondary">{translate('app.comingSoon.text')}</Typography>
      </CardContent>
    </Card>
  );
};
