import {
  AutocompleteInput, Datagrid, DateField, List, ReferenceField, ReferenceInput, SearchInput,
  SelectField, TextField,
} from 'react-admin';
import { EnumField, EnumInput, ImageField } from '../../kit';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ListToolbar } from '../../components/ListToolbar';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { ToggleField } from '../../kit/ToggleField';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { useAccountsAccess } from '../admin/shared/useAccountsAccess';
import { useCountryChoices } from './useCountryChoices';

const statusCall = (id: unknown, status: number) => ({ path: '/shop/update/status', query: { ids: id, status } });

/** /shop/shopList: a seller's own shops; platform staff see every shop, its seller, and can filter by seller. */
export const ShopList = () => {
  const platform = useAccountsAccess();
  const countries = useCountryChoices();
  const filters = [
    <SearchInput key="keyword" source="keyword" alwaysOn />,
    <EnumInput key="status" source="status" values={[0, 1]} />,
    <AutocompleteInput key="country" source="country" choices={countries} translateChoice={false} />,
    ...(platform
      ? [
          <ReferenceInput key="sellerId" source="sellerId" reference="admin">
            <AutocompleteInput optionText="username" />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <List resource="shop" filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<ListToolbar />}>
      <PhoneOrTable
        primary={(r) => r.shopName}
        tertiary={(r) => `#${r.id}`}
        secondary={
          <>
            <TextField source="companyName" />
            <SelectField source="country" choices={countries} translateChoice={false} />
            <TextField source="currency" />
            {platform && <ReferenceField source="sellerId" reference="admin" link={false} />}
          </>
        }
        actions={
          <>
            <LabeledToggle source="status" call={statusCall} />
            <EditDeleteActions label="app.access.actions" />
          </>
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
          <TextField source="id" />
          <ImageField source="icon" sortable={false} />
          <TextField source="shopName" />
          <TextField source="companyName" sortable={false} />
          <SelectField source="country" sortable={false} choices={countries} translateChoice={false} />
          <TextField source="currency" sortable={false} />
          <EnumField source="approvalMode" sortable={false} />
          <ToggleField source="status" sortable={false} call={statusCall} />
          {platform && <ReferenceField source="sellerId" sortable={false} reference="admin" link={false} />}
          <DateField source="createTime" showTime />
          <EditDeleteActions label="app.access.actions" />
        </Datagrid>
      </PhoneOrTable>
    </List>
  );
};
