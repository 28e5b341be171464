import { useBulkDeleteController, useCanAccess, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { DeleteConfirmButton } from './ConfirmButton';

/** Delete the selected rows after a confirmation ("Operation cancelled" when not confirmed), for callers the server lets delete. */
export const BulkDeleteButton = () => {
  const resource = useResourceContext() ?? '';
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'delete', resource });
  const { isPending, handleDelete } = useBulkDeleteController({
    resource,
    mutationMode: 'pessimistic',
    successMessage: 'app.message.deleteSuccess',
  });
  if (canAccess !== true) return null;
  const smart_count = selectedIds.length;
  const options = { smart_count, name: translate(`resources.${resource}.name`, { smart_count }) };
  return (
    <DeleteConfirmButton
      loading={isPending}
      title="ra.message.bulk_delete_title"
      content="ra.message.bulk_delete_content"
      options={() => options}
      onConfirm={handleDelete}
    />
  );
};
