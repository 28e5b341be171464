import type { ReactElement, ReactNode } from 'react';
import {
  DatagridConfigurable,
  List,
  ShowButton,
  TextField,
  useCanAccessResources,
  useResourceDefinition,
  useResourceContext,
  useTranslate,
  type ListProps,
} from 'react-admin';
import { noWrapHeaders } from '../components/noWrapHeaders';
import { LinkButton } from '../components/LinkButton';
import { BulkDeleteButton } from '../components/BulkDeleteButton';
import { EditDeleteActions } from '../components/EditDeleteActions';
import { useCanChange } from '../components/useCanChange';
import { PhoneOrTable } from '../components/PhoneOrTable';
import { seedText } from '../i18n/seedText';
import { SeedTextField } from './SeedTextField';
import { BulkSwitchButtons } from './BulkSwitchButtons';
import { LabeledToggle } from './LabeledToggle';
import { ListActions } from './ListActions';
import { PickButton } from './PickButton';
import { SchemaTabs } from './SchemaTabs';
import { phoneParts, switchFields } from '../../shared/list-meta';
import { enumKey } from './enumChoices';
import { entityMeta, listSort } from './schema';

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
  /** Bulk buttons before the schema's (switches, delete). */
  bulkActions?: ReactNode;
  /** The bulk buttons instead of the schema's (a screen's own batch bar). */
  bulkActionButtons?: ReactNode;
  /** The fields that are inline switches (default: the schema's); one changed otherwise (a review) is left out. */
  switches?: string[];
  /** Controls of a phone row after its switches, before the row buttons (a column's own button). */
  phoneActions?: ReactNode;
  /** Tabs above the rows instead of the schema's `tabs` (a `SchemaTabs` over another field). */
  tabs?: ReactNode;
  /** Columns hidden until the user shows them (the column chooser). */
  omit?: string[];
}

/**
 * A list as the schema describes it: its filters, default order and columns; the batch-settable 0/1 fields as inline
 * switches (the dataProvider's updateMany → the upstream batch call); an actions column (edit, delete: undoable, or
 * after a confirmation where the schema's `confirm` says) and bulk actions (set a switch, delete) for callers the server lets change rows; a one-column list
 * with the same switches and buttons on a phone. Generated lists are this with the schema's columns; a hand-written
 * list composes it with its own columns or buttons.
 */
export const SchemaList = ({
  columns,
  rowActions,
  phoneDetails,
  header,
  toolbar,
  noRowActions,
  bulkActions,
  bulkActionButtons,
  switches: switchNames,
  phoneActions,
  tabs,
  omit,
  ...props
}: SchemaListProps) => {
  const resource = useResourceContext(props) ?? '';
  const translate = useTranslate();
  const e = entityMeta(resource)!;
  const canChange = useCanChange(resource);
  const filters =
    props.filters === undefined ? undefined : Array.isArray(props.filters) ? props.filters : [props.filters];
  const visible = useReachable([...columns, ...(filters ?? [])]);
  const { hasShow } = useResourceDefinition({ resource });
  const switches = switchFields(e).filter((f) => !switchNames || switchNames.includes(f.name));
  // A row with nothing to change on it (no edit, no switches, no buttons of its screen) leads to its detail page.
  const opensShow = hasShow && !e.crud.update && !switches.length && !rowActions;
  if (opensShow) rowActions = <ShowButton />;
  // DatagridConfigurable records its columns once: wait until the actions column and the columns are decided.
  if (canChange === undefined || !visible) return null;
  const rowButtons = (rowActions || (canChange && !noRowActions)) && (
    <EditDeleteActions label="app.list.actions" noEdit={!canChange || noRowActions || !e.crud.update}>
      {rowActions}
    </EditDeleteActions>
  );
  const { display, second, picture } = phoneParts(e);
  const bulkDelete = e.crud.delete && !noRowActions;
  // No selection boxes where no batch button would act on them.
  const bulk =
    canChange &&
    (bulkActionButtons ??
      ((bulkActions || switches.length > 0 || bulkDelete) && (
        <>
          {bulkActions}
          <BulkSwitchButtons sources={switches.map((f) => f.name)} />
          {bulkDelete && <BulkDeleteButton />}
        </>
      )));
  return (
    <List
      sort={listSort(resource)}
      perPage={10}
      // A list whose toolbar adds rows otherwise (pickers) or leads on (links) keeps it when empty.
      {...((e.pick || e.links) && { empty: false })}
      actions={
        <ListActions>
          {e.links?.map((link) => (
            <LinkButton key={link} to={`/${link}`} label={translate(`resources.${link}.name`, { smart_count: 2 })} />
          ))}
          {e.pick && canChange && e.crud.create && <PickButton />}
          {toolbar}
        </ListActions>
      }
      {...props}
      filters={filters?.filter(visible)}
    >
      {tabs ?? (e.tabs && <SchemaTabs />)}
      {header}
      <PhoneOrTable
        picture={picture?.name}
        link={opensShow ? 'show' : undefined}
        primary={(r) =>
          display?.enum
            ? translate(enumKey(resource, display.name, r[e.display]), { _: String(r[e.display]) })
            : display?.translate
              ? seedText(r[e.display], resource)
              : r[e.display]
        }
        tertiary={(r) => `#${r.id}`}
        secondary={
          phoneDetails ??
          (second && (second.translate ? <SeedTextField source={second.name} /> : <TextField source={second.name} />))
        }
        actions={
          (switches.length > 0 || phoneActions || rowButtons) && (
            <>
              {switches.map((f) => (
                <LabeledToggle key={f.name} source={f.name} />
              ))}
              {phoneActions}
              {rowButtons}
            </>
          )
        }
      >
        <DatagridConfigurable
          rowClick={opensShow ? 'show' : false}
          bulkActionButtons={bulk}
          omit={omit}
          sx={noWrapHeaders}
        >
          {columns.filter(visible)}
          {rowButtons}
        </DatagridConfigurable>
      </PhoneOrTable>
    </List>
  );
};

/**
 * Columns and filters referencing a resource the caller may not list (a seller and the admin accounts) are left
 * out: their names could not be fetched, and the server would refuse the filter's choices. Undefined until known.
 */
function useReachable(parts: ReactElement[]) {
  const targets = [...new Set(parts.map(referenceOf).filter((r): r is string => !!r))];
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: targets });
  if (isPending) return undefined;
  return (part: ReactElement) => {
    const target = referenceOf(part);
    return !target || canAccess?.[target] === true;
  };
}

const referenceOf = (part: ReactElement) => (part.props as { reference?: string }).reference;
