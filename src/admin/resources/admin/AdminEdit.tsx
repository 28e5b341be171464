import { Edit, SimpleForm } from 'react-admin';
import { AdminInputs } from './AdminInputs';
import { useSaved } from '../../kit/useSaved';
import { withoutEmpty } from './withoutEmpty';

/** POST /admin/update/{id}; an empty password is not sent, so it stays as it was. */
export const AdminEdit = () => (
  <Edit mutationMode="pessimistic" transform={withoutEmpty(['password'])} mutationOptions={useSaved('editSuccess')}>
    <SimpleForm>
      <AdminInputs />
    </SimpleForm>
  </Edit>
);
