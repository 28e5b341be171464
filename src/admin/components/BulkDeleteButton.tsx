import DeleteIcon from '@mui/icons-material/Delete';
import { useBulkDeleteController, useCanAccess, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { mutationModeOf } from '../kit/undoable';
import { Button } from './Button';
import { DeleteConfirmButton } from './ConfirmButton';

/**
 * Delete the selected rows, for callers the server lets delete: at once with Undo offered (the call sent when the
 * notification closes), or after a confirmation ("Operation cancelled" when not confirmed) when the schema says
 * `"confirm": ["delete"]`.
 */
export const BulkDeleteButton = () => {
  const resource = useResourceContext() ?? '';
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'delete', resource });
  const mutationMode = mutationModeOf(resource, 'delete');
  const { isPending, handleDelete } = useBulkDeleteController({
    resource,
    mutationMode,
    successMessage: 'app.message.deleteSuccess',
  });
  if (canAccess !== true) return null;
  if (mutationMode === 'undoable')
    return (
      <Button label="ra.action.delete" color="error" onClick={() => handleDelete()}>
        <DeleteIcon />
      </Button>
    );
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
