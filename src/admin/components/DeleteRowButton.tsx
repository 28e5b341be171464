import { useState } from 'react';
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
import { Button } from './Button';
import { Confirm } from './Confirm';

/**
 * Delete after a confirmation, then "Delete Success" and stay on the list (or go to `redirect`); "Operation
 * cancelled" when not confirmed; absent when the server would refuse.
 */
export const DeleteRowButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const represent = useGetRecordRepresentation(resource);
  const { canAccess } = useCanAccess({ action: 'delete', resource, record });
  const { isPending, handleDelete } = useDeleteController({
    record,
    resource,
    redirect,
    mutationMode: 'pessimistic',
    successMessage: 'app.message.deleteSuccess',
    mutationOptions: { onSettled: () => setOpen(false) },
  });
  if (canAccess !== true || !record) return null;
  const shown = represent(record);
  const options = {
    name: translate(`resources.${resource}.name`, { smart_count: 1 }),
    id: record.id,
    recordRepresentation: typeof shown === 'string' ? shown : `#${record.id}`,
  };
  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="ra.message.delete_title"
        content="ra.message.delete_content"
        titleTranslateOptions={options}
        contentTranslateOptions={options}
        onConfirm={handleDelete}
        onClose={(e) => {
          e.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
};
