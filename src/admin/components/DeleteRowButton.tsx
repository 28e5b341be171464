import {
  useCanAccess,
  useDeleteController,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RedirectionSideEffect,
} from 'react-admin';
import { DeleteConfirmButton } from './ConfirmButton';

/**
 * Delete after a confirmation, then "Delete Success" and stay on the list (or go to `redirect`); "Operation
 * cancelled" when not confirmed; absent when the server would refuse.
 */
export const DeleteRowButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect,
    mutationMode: 'pessimistic',
    successMessage: 'app.message.deleteSuccess',
  });
  if (canAccess !== true || !record) return null;
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
