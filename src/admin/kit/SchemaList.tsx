import type { ReactElement, ReactNode } from 'react';
import {
  BulkDeleteWithConfirmButton, DatagridConfigurable, List, TextField, useResourceContext, type ListProps,
} from 'react-admin';
import { noWrapHeaders } from '../components/noWrapHeaders';
import { LinkButton } from '../components/LinkButton';
import { EditDeleteActions } from '../components/EditDeleteActions';
import { useCanChange } from '../components/useCanChange';
import { PhoneOrTable } from '../components/PhoneOrTable';
import { seedText } from '../i18n/seedText';
import { BulkSwitchButtons } from './BulkSwitchButtons';
import { LabeledToggle } from './LabeledToggle';
import { ListActions } from './ListActions';
import { phoneParts, switchFields } from '../../shared/list-meta';
import { entityMeta } from './schema';

export interface SchemaListProps extends Omit<ListProps, 'children'> {
  /** The desktop columns (a generated list's `columns`, picked from or added to). */
  columns: ReactElement[];
  /** Row buttons before edit / delete (sub-lists, dialogs), on the desktop's actions column and a phone row. */
  rowActions?: ReactNode;
  /** Fields under a phone row's title (default: the list's second text field). */
  phoneDetails?: ReactNode;
  /** Above the table (the parent of a drill-down list). */
  header?: ReactNode;
  /** Toolbar buttons between the filter button and create. */
  toolbar?: ReactNode;
  /** No edit / delete column (rows edited elsewhere). */
  noRowActions?: boolean;
}

/**
 * A list as the schema describes it: its filters, default order and columns; the batch-settable 0/1 fields as inline
 * switches (the dataProvider's updateMany → the upstream batch call); an actions column (edit, delete after a
 * confirmation) and bulk actions (set a switch, delete) for callers the server lets change rows; a one-column list
 * with the same switches and buttons on a phone. Generated lists are this with the schema's columns; a hand-written
 * list composes it with its own columns or buttons.
 */
export const SchemaList = ({ columns, rowActions, phoneDetails, header, toolbar, noRowActions, ...props }: SchemaListProps) => {
  const resource = useResourceContext(props) ?? '';
  const e = entityMeta(resource)!;
  const canChange = useCanChange(resource);
  // DatagridConfigurable records its columns once: wait until the actions column is decided.
  if (canChange === undefined) return null;
  const rowButtons = (rowActions || (canChange && !noRowActions)) && (
    <EditDeleteActions label="app.list.actions" noEdit={!canChange || noRowActions || !e.crud.update}>
      {rowActions}
    </EditDeleteActions>
  );
  const { display, second, picture } = phoneParts(e);
  const switches = switchFields(e);
  const bulk = canChange ? <BulkButtons switches={switches.map((f) => f.name)} deletable={e.crud.delete && !noRowActions} /> : false;
  return (
    <List
      sort={{ field: e.defaultSort.field, order: e.defaultSort.order }}
      perPage={10}
      actions={
        <ListActions>
          {e.links?.map((link) => <LinkButton key={link} to={`/${link}`} label={`resources.${link}.name`} />)}
          {toolbar}
        </ListActions>
      }
      {...props}
    >
      {header}
      <PhoneOrTable
        picture={picture?.name}
        primary={(r) => (display?.translate ? seedText(r[e.display], resource) : r[e.display])}
        tertiary={(r) => `#${r.id}`}
        secondary={phoneDetails ?? (second && <TextField source={second.name} />)}
        actions={
          (switches.length > 0 || rowButtons) && (
            <>
              {switches.map((f) => (
                <LabeledToggle key={f.name} source={f.name} />
              ))}
              {rowButtons}
            </>
          )
        }
      >
        <DatagridConfigurable rowClick={false} bulkActionButtons={bulk} sx={noWrapHeaders}>
          {columns}
          {rowButtons}
        </DatagridConfigurable>
      </PhoneOrTable>
    </List>
  );
};

const BulkButtons = ({ switches, deletable }: { switches: string[]; deletable: boolean }) => (
  <>
    <BulkSwitchButtons sources={switches} />
    {deletable && <BulkDeleteWithConfirmButton successMessage="app.message.deleteSuccess" />}
  </>
);
