import { Link } from 'react-router-dom';
import HistoryIcon from '@mui/icons-material/History';
import { useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';
import { routePath } from '../../routes/routePath';

/** A coupon's row button to who received and used it (`/sms/couponHistory?couponId=`). */
export const HistoryLink = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={`${routePath('couponHistory')}?couponId=${record.id}`} label="app.coupon.history">
      <HistoryIcon />
    </Button>
  );
};
