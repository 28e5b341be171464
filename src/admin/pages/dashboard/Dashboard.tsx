import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  TextField,
} from '@mui/material';
import { Title, useGetIdentity, useGetList, useLocale, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../../providers/authProvider';
import { seedText } from '../../i18n/seedText';
import { routePath } from '../../routes/routePath';
import { useActionQuery } from '../../kit';
import { summaryQuery, type Summary } from './dashboardApi';
import { FigureCard } from './FigureCard';
import { OrderStatus, ProductPublishStatus, ReturnApplyStatus } from '../../../../generated/enums';

// The charting library is loaded only with the chart.
const SalesChart = lazy(() => import('./SalesChart'));

/**
 * /home: the shop dashboard. Today's and this month's orders and sales, what waits (shipments, returns, low stock),
 * the shelf, and orders and sales per day over 7 or 30 days: one server call. A seller sees its shops (or one of
 * them), platform staff all shops or one.
 */
export const Dashboard = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Permissions>();
  const [shopId, setShopId] = useState<number | ''>('');
  const [days, setDays] = useState(7);
  const { data: shops } = useGetList('shop', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const { data, isPending } = useActionQuery<Summary>('shop', 'dashboard', { query: summaryQuery(shopId, days) });
  const money = (n: number) =>
    n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const t = (key: string) => translate(`app.dashboard.${key}`);
  const figures: [string, string | number, string?][] = data
    ? [
        ['todayOrders', data.today.orders, routePath('order')],
        ['todaySales', money(data.today.sales)],
        ['monthOrders', data.month.orders, routePath('order')],
        ['monthSales', money(data.month.sales)],
        ['pendingShipments', data.pendingShipments, `${routePath('order')}?status=${OrderStatus.pendingShipment}`],
        ['pendingReturns', data.pendingReturns, `${routePath('returnApply')}?status=${ReturnApplyStatus.pending}`],
        ['lowStockSkus', data.lowStockSkus],
        ['productsOn', data.productsOn, `${routePath('product')}?publishStatus=${ProductPublishStatus.onShelf}`],
        ['productsOff', data.productsOff, `${routePath('product')}?publishStatus=${ProductPublishStatus.offShelf}`],
      ]
    : [];
  const platform = permissions?.platform;
  return (
    <Box sx={{ mt: 1, pb: 2 }}>
      <Title title="menu.home" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography variant="h5" component="h2">
            {translate('app.dashboard.greeting', { name: identity?.fullName ?? '' })}
          </Typography>
          {!!permissions?.roles.length && (
            <Typography color="text.secondary" variant="body2">
              {translate('app.dashboard.roles', {
                roles: permissions.roles.map((r) => seedText(r, 'role')).join(', '),
              })}
            </Typography>
          )}
        </Box>
        {(shops?.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={translate('resources.shop.name', { smart_count: 1 })}
            value={shopId}
            onChange={(e) => setShopId(e.target.value === '' ? '' : Number(e.target.value))}
            fullWidth={false}
            sx={{ width: 240 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t(platform ? 'allShops' : 'myShops')}</MenuItem>
            {shops!.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.shopName}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {isPending ? (
        <CircularProgress />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          }}
        >
          {figures.map(([key, value, to]) => (
            <FigureCard key={key} label={t(key)} value={value} to={to} />
          ))}
        </Box>
      )}
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography variant="h6" component="h2">
              {t('chartTitle')}
            </Typography>
            <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, v) => v && setDays(v)}>
              {[7, 30].map((n) => (
                <ToggleButton key={n} value={n}>
                  {translate('app.dashboard.lastDays', { smart_count: n })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          {data && (
            <Suspense fallback={<CircularProgress />}>
              <SalesChart days={data.days} />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
