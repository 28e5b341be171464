import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import { useActionMutation, useSchemaDefaults } from '../../kit';
import { AdminInputs } from './AdminInputs';
import { withoutEmpty } from './withoutEmpty';

const clean = withoutEmpty(['email', 'nickName', 'note', 'icon']);

/** New account through the upstream call POST /admin/register, the admin schema's `register` (no /admin/create). */
export const AdminCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const { mutateAsync } = useActionMutation('admin', 'register');
  const register = async (values: Record<string, unknown>) => {
    try {
      await mutateAsync({ body: clean({ ...values, username: String(values.username ?? '').trim() }) });
    } catch (error) {
      const { message, body } = error as Error & { body?: { errors?: Record<string, string> } };
      notify(message, { type: 'error' });
      return body?.errors; // shown under their fields
    }
    notify('app.message.submitSuccess', { type: 'success' });
    redirect('list', 'admin');
  };
  return (
    <Create>
      {/* The schema's defaults: a new account is enabled. */}
      <SimpleForm onSubmit={register} defaultValues={useSchemaDefaults()}>
        <AdminInputs create />
      </SimpleForm>
    </Create>
  );
};
