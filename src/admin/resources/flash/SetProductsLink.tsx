import { Link } from 'react-router-dom';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';
import { routePath } from '../../routes/routePath';

/** A promotion's row button to its sessions, where products are set per session (`/sms/selectSession`). */
export const SetProductsLink = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`${routePath('selectSession')}?flashPromotionId=${record.id}`}
      label="app.flash.setProducts"
    >
      <ScheduleIcon />
    </Button>
  );
};
