import { DateField, ReferenceField, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { VipMembershipList } from '../../../../generated/admin/vipMembership/VipMembershipList';

/** A phone row under the plan: whose membership, until when. */
const PhoneDetails = () => (
  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    <ReferenceField source="adminId" reference="admin" link={false} />
    <DateField source="endTime" showTime />
  </Box>
);

/**
 * The memberships granted so far (the generated list: its filters, columns and order), on the VIP page below the
 * grant form: five at a time, its filters and page kept apart from the address bar.
 */
export const VipGrantList = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.access.vip.grants')}
        </Typography>
        <VipMembershipList
          resource="vipMembership"
          title={false}
          perPage={5}
          disableSyncWithLocation
          storeKey="vipGrants"
          component="div"
          phoneDetails={<PhoneDetails />}
        />
      </CardContent>
    </Card>
  );
};
