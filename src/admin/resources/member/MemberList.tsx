import {
  AutocompleteInput, BulkDeleteWithConfirmButton, Datagrid, DateField, EditButton, List, ReferenceField, ReferenceInput,
  SearchInput, SelectField, TextField, WrapperField,
} from 'react-admin';
import { EnumField, EnumInput, ImageField } from '../../kit';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { ListToolbar } from '../../components/ListToolbar';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { ToggleField } from '../../kit/ToggleField';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { useCountryChoices } from '../shop/useCountryChoices';
import { DecideBulkButtons, DecideRowButtons } from './DecideButtons';

const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <EnumInput key="applyStatus" source="applyStatus" values={[0, 1, 2]} alwaysOn />,
  <EnumInput key="status" source="status" values={[0, 1]} />,
  <ReferenceInput key="shopId" source="shopId" reference="shop">
    <AutocompleteInput optionText="shopName" />
  </ReferenceInput>,
];

const statusCall = (id: unknown, status: number) => ({ path: '/member/update/status', query: { ids: id, status } });

const BulkActions = () => (
  <>
    <DecideBulkButtons />
    <BulkDeleteWithConfirmButton successMessage="app.message.deleteSuccess" />
  </>
);

/** /member/memberList: the shop's customers; pending applications are approved or rejected here. */
export const MemberList = () => {
  const countries = useCountryChoices();
  return (
    <List resource="member" filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<ListToolbar />}>
      <PhoneOrTable
        picture="icon"
        primary={(r) => r.username}
        tertiary={(r) => `#${r.id}`}
        secondary={
          <>
            <TextField source="realName" />
            <ReferenceField source="shopId" reference="shop" link={false} />
            <EnumField source="applyStatus" />
          </>
        }
        actions={
          <>
            <LabeledToggle source="status" call={statusCall} />
            <DecideRowButtons />
            <EditButton />
            <DeleteRowButton />
          </>
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={<BulkActions />} sx={noWrapHeaders}>
          <TextField source="id" />
          <ImageField source="icon" sortable={false} size={36} />
          <TextField source="username" />
          <TextField source="realName" sortable={false} />
          <SelectField source="country" sortable={false} choices={countries} translateChoice={false} />
          <ReferenceField source="memberLevelId" sortable={false} reference="memberLevel" link={false} />
          <ReferenceField source="shopId" sortable={false} reference="shop" link={false} />
          <EnumField source="applyStatus" sortable={false} />
          <ToggleField source="status" sortable={false} call={statusCall} />
          <DateField source="createTime" showTime />
          <WrapperField label="app.access.actions">
            <DecideRowButtons />
            <EditButton />
            <DeleteRowButton />
          </WrapperField>
        </Datagrid>
      </PhoneOrTable>
    </List>
  );
};
