import { Alert } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { useActionQuery } from '../../kit';
import { planLabel, type VipState } from './vipApi';

/** The caller's membership: until when, or none (platform staff need none). */
export const VipStatus = ({ platform }: { platform: boolean }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { data, isPending, error } = useActionQuery<VipState>('vipMembership', 'status');
  if (isPending) return null;
  if (error) return <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>;
  if (data) {
    const date = new Date(data.endTime).toLocaleDateString(locale === 'zh' ? 'zh-CN' : 'en-US');
    return (
      <Alert severity="success" data-testid="vip-status">
        {translate('app.access.vip.active', { date, plan: translate(planLabel(data.plan), { _: data.plan }) })}
      </Alert>
    );
  }
  return (
    <Alert severity={platform ? 'info' : 'warning'} data-testid="vip-status">
      {translate(platform ? 'app.access.vip.platform' : 'app.access.vip.inactive')}
    </Alert>
  );
};
