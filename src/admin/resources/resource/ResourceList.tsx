import {
  AutocompleteInput, Datagrid, DateField, List, ReferenceField, ReferenceInput, TextField, TextInput,
} from 'react-admin';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { LinkButton } from '../../components/LinkButton';
import { ListToolbar } from '../../components/ListToolbar';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const filters = [
  <TextInput key="nameKeyword" source="nameKeyword" label="resources.resource.fields.name" alwaysOn />,
  <TextInput key="urlKeyword" source="urlKeyword" label="resources.resource.fields.url" alwaysOn />,
  <ReferenceInput key="categoryId" source="categoryId" reference="resourceCategory" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

const Actions = () => (
  <ListToolbar>
    <LinkButton to="/resourceCategory" label="app.access.resource.categories" />
  </ListToolbar>
);

/** /ums/resource: the URL patterns roles are granted, filtered by category, name and URL. */
export const ResourceList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<Actions />}>
    <PhoneOrTable
      primary={(r) => seedText(r.name, 'resource')}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <TextField source="url" sx={{ wordBreak: 'break-all' }} />
          <ReferenceField source="categoryId" reference="resourceCategory" link={false} />
        </>
      }
      actions={<EditDeleteActions label="app.access.actions" />}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
        <TextField source="id" />
        <SeedTextField source="name" />
        <TextField source="url" sortable={false} />
        <ReferenceField source="categoryId" sortable={false} reference="resourceCategory" link={false} />
        <TextField source="description" sortable={false} />
        <DateField source="createTime" showTime />
        <EditDeleteActions label="app.access.actions" />
      </Datagrid>
    </PhoneOrTable>
  </List>
);
