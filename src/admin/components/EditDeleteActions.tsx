import { EditButton, WrapperField } from 'react-admin';
import { ActionsBox } from './ActionsBox';
import { DeleteRowButton } from './DeleteRowButton';

/**
 * The usual last column of a list: edit, and delete after a confirmation. `label` is required: the Datagrid reads
 * a column's title from its child's own props.
 */
export const EditDeleteActions = ({ label }: { label: string }) => (
  <WrapperField label={label}>
    <ActionsBox>
      <EditButton />
      <DeleteRowButton />
    </ActionsBox>
  </WrapperField>
);
