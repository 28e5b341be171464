import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DayFigures } from './dashboardApi';

/** Orders (bars) and sales (line) per day: recharts, loaded with this file only when the dashboard draws it. */
const SalesChart = ({ days }: { days: DayFigures[] }) => {
  const translate = useTranslate();
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
        <YAxis yAxisId="orders" allowDecimals={false} fontSize={12} />
        <YAxis yAxisId="sales" orientation="right" fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar
          yAxisId="orders"
          dataKey="orders"
          name={translate('app.dashboard.orders')}
          fill={theme.palette.primary.light}
          isAnimationActive={false}
        />
        <Line
          yAxisId="sales"
          dataKey="sales"
          name={translate('app.dashboard.sales')}
          stroke={theme.palette.secondary.main}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
};

export default SalesChart;
