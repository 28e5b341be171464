import { SaveButton, Toolbar } from 'react-admin';
import { DeleteRowButton } from '../components/DeleteRowButton';

/**
 * A form's save and, on an edit form, delete after a confirmation (back to the list once deleted; "Operation
 * cancelled" when not confirmed): react-admin's default toolbar, with the spec's messages.
 */
export const FormToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteRowButton redirect="list" />
  </Toolbar>
);
