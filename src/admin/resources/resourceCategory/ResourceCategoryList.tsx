import { CreateButton, Datagrid, DateField, List, NumberField, TextField, TopToolbar } from 'react-admin';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { LinkButton } from '../../components/LinkButton';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const Actions = () => (
  <TopToolbar>
    <LinkButton to="/resource" label="app.access.resource.back" icon={<ArrowBackIcon />} />
    <CreateButton />
  </TopToolbar>
);

/** /ums/resourceCategory: the groups resources are allocated by. */
export const ResourceCategoryList = () => (
  <List sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<Actions />}>
    <PhoneOrTable primary={(r) => seedText(r.name, 'resourceCategory')} tertiary={(r) => `#${r.id}`} actions={<EditDeleteActions label="app.access.actions" />}>
      <Datagrid rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
        <TextField source="id" />
        <SeedTextField source="name" sortable={false} />
        <NumberField source="sort" />
        <DateField source="createTime" showTime />
        <EditDeleteActions label="app.access.actions" />
      </Datagrid>
    </PhoneOrTable>
  </List>
);
