import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LangSwitch } from '../components/LangSwitch';
import { sidebarColors } from '../components/sidebarColors';

const FOOTER = [
  { to: '/homer', label: 'app.footer.homer' },
  { to: '/privacy', label: 'app.footer.privacy' },
  { to: '/term', label: 'app.footer.term' },
];

/** The frame of the public pages (login, register, landing, legal, 404): a card on the brand colour. */
export const PublicShell = ({ children, width = 400 }: { children: ReactNode; width?: number }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{ minHeight: '100vh', bgcolor: sidebarColors.background, display: 'flex', flexDirection: 'column', px: 2 }}
    >
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', color: '#fff', py: 1 }}>
        <LangSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 2 }}>
        <Card sx={{ width: '100%', maxWidth: width }}>
          <CardContent sx={{ p: 3 }}>{children}</CardContent>
        </Card>
      </Box>
      <Stack component="footer" direction="row" spacing={3} justifyContent="center" sx={{ py: 2 }}>
        {FOOTER.map((item) => (
          <Link key={item.to} component={RouterLink} to={item.to} sx={{ color: sidebarColors.text }} underline="hover">
            {translate(item.label)}
          </Link>
        ))}
      </Stack>
    </Box>
  );
};
