import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useActionQuery } from '../../kit';
import type { VipState } from '../vipMembership/vipApi';

/** Tells a seller without an active VIP membership, before they fill the form, that the server will refuse it. */
export const VipNotice = () => {
  const translate = useTranslate();
  const { data, isPending, isError } = useActionQuery<VipState>('vipMembership', 'status');
  if (isPending || isError || data) return null;
  return (
    <Alert severity="warning" sx={{ m: 2, mb: 0 }}>
      {translate('app.access.shop.vipNeeded')}{' '}
      <Link component={RouterLink} to="/pay/index">
        {translate('app.access.shop.vipLink')}
      </Link>
    </Alert>
  );
};
