import { Datagrid, DateField, ListBase, Pagination, ReferenceField, TextField, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { EnumField } from '../../kit';
import { PhoneOrTable } from '../../components/PhoneOrTable';

/** The memberships granted so far (GET /vip/list), newest first. */
export const VipGrantList = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.access.vip.grants')}
        </Typography>
        <ListBase resource="vipMembership" perPage={5} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
          <PhoneOrTable
            primary={() => <ReferenceField source="adminId" reference="admin" link={false} />}
            secondary={
              <>
                <EnumField source="plan" />
                <DateField source="endTime" showTime />
              </>
            }
            link={false}
          >
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <ReferenceField source="adminId" reference="admin" link={false} sortable={false} />
              <EnumField source="plan" sortable={false} />
              <DateField source="startTime" showTime sortable={false} />
              <DateField source="endTime" showTime sortable={false} />
              <ReferenceField source="grantedBy" reference="admin" link={false} sortable={false} />
              <TextField source="note" sortable={false} />
            </Datagrid>
          </PhoneOrTable>
          <Pagination rowsPerPageOptions={[5, 10, 25]} />
        </ListBase>
      </CardContent>
    </Card>
  );
};
