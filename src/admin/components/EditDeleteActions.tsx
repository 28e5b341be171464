import type { ReactNode } from 'react';
import { EditButton, WrapperField } from 'react-admin';
import { ActionsBox } from './ActionsBox';
import { DeleteRowButton } from './DeleteRowButton';

/**
 * The usual last column of a list: a screen's own row buttons, edit, and delete (undoable, or confirmed first; each
 * shown when the server would allow it). `label` is required: the Datagrid reads a column's title from its child's props.
 */
export const EditDeleteActions = ({
  label,
  children,
  noEdit,
}: {
  label: string;
  children?: ReactNode;
  noEdit?: boolean;
}) => (
  <WrapperField label={label}>
    <ActionsBox>
      {children}
      {!noEdit && <EditButton />}
      {!noEdit && <DeleteRowButton />}
    </ActionsBox>
  </WrapperField>
);
