import { CreateButton, Datagrid, DateField, List, NumberField, TextField, TopToolbar } from 'react-admin';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { LinkButton } from '../../components/LinkButton';

const Actions = () => (
  <TopToolbar>
    <LinkButton to="/resource" label="app.access.resource.back" icon={<ArrowBackIcon />} />
    <CreateButton />
  </TopToolbar>
);

/** /ums/resourceCategory: the groups resources are allocated by. */
export const ResourceCategoryList = () => (
  <List sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<Actions />}>
    <Datagrid rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
      <TextField source="id" />
      <TextField source="name" sortable={false} />
      <NumberField source="sort" />
      <DateField source="createTime" showTime />
      <EditDeleteActions label="app.access.actions" />
    </Datagrid>
  </List>
);
