import { DeleteWithConfirmButton, type DeleteWithConfirmButtonProps } from 'react-admin';

/** Row delete: asks first, then says "Delete Success" and stays on the list. */
export const DeleteRowButton = (props: DeleteWithConfirmButtonProps) => (
  <DeleteWithConfirmButton successMessage="app.message.deleteSuccess" redirect={false} {...props} />
);
