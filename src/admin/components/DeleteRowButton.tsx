import DeleteIcon from '@mui/icons-material/Delete';
import {
  useCanAccess,
  useDeleteController,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RedirectionSideEffect,
} from 'react-admin';
import { mutationModeOf } from '../kit/undoable';
import { Button } from './Button';
import { DeleteConfirmButton } from './ConfirmButton';

/**
 * Delete a row, then "Delete Success" and stay on the list (or go to `redirect`); absent when the server would
 * refuse. Undoable (the default): the row goes at once and the notification offers Undo; the call is sent when it
 * closes. A resource whose schema says `"confirm": ["delete"]` asks first instead ("Operation cancelled" when not
 * confirmed).
 */
export const DeleteRowButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  const mutationMode = mutationModeOf(resource, 'delete');
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect,
    mutationMode,
    successMessage: 'app.message.deleteSuccess',
  });
  if (canAccess !== true || !record) return null;
  if (mutationMode === 'undoable')
    return (
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(e) => {
          e.stopPropagation();
          handleDelete();
        }}
      >
        <DeleteIcon />
      </Button>
    );
  const shown = represent(record);
  const options = {
    name: translate(`resources.${resource}.name`, { smart_count: 1 }),
    id: record.id,
    recordRepresentation: typeof shown === 'string' ? shown : `#${record.id}`,
  };
  return (
    <DeleteConfirmButton
      loading={isPending}
      title="ra.message.delete_title"
      content="ra.message.delete_content"
      options={() => options}
      onConfirm={handleDelete}
    />
  );
};
