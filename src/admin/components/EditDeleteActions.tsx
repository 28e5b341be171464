import { EditButton, WrapperField } from 'react-admin';
import { ActionsBox } from './ActionsBox';
import { DeleteRowButton } from './DeleteRowButton';

/** The usual last column of a list: edit, and delete after a confirmation. */
export const EditDeleteActions = ({ label = 'app.access.actions' }: { label?: string }) => (
  <WrapperField label={label}>
    <ActionsBox>
      <EditButton />
      <DeleteRowButton />
    </ActionsBox>
  </WrapperField>
);
