import { SimpleForm } from 'react-admin';
import { EditScreen, FormToolbar } from '../../kit';
import { AdminInputs } from './AdminInputs';
import { withoutEmpty } from './withoutEmpty';

/** POST /admin/update/{id}; an empty password is not sent, so it stays as it was. */
export const AdminEdit = () => (
  <EditScreen transform={withoutEmpty(['password'])}>
    <SimpleForm toolbar={<FormToolbar />}>
      <AdminInputs />
    </SimpleForm>
  </EditScreen>
);
