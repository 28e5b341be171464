import {
  DeleteWithConfirmButton,
  useCanAccess,
  useResourceContext,
  type DeleteWithConfirmButtonProps,
} from 'react-admin';

/** Row delete: asks first, then says "Delete Success" and stays on the list; absent when the server would refuse. */
export const DeleteRowButton = (props: DeleteWithConfirmButtonProps) => {
  const resource = useResourceContext(props);
  const { canAccess } = useCanAccess({ action: 'delete', resource, record: props.record });
  if (canAccess !== true) return null;
  return <DeleteWithConfirmButton successMessage="app.message.deleteSuccess" redirect={false} {...props} />;
};
