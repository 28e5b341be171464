import { useState, type ReactNode } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField as MuiTextField,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  Datagrid,
  ListBase,
  Pagination,
  TextField,
  useListContext,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useIsMobile } from '../components/useDevice';
import { ImageField } from './ImageField';
import { entityMeta } from './schema';

export interface PickDialogProps {
  /** The resource whose records are picked (products, brands, subjects). */
  resource: string;
  onClose: () => void;
  /** Called with the chosen ids (across pages); the dialog stays open while it runs. */
  onPick: (ids: Identifier[]) => Promise<unknown> | void;
  title: ReactNode;
  /** Records already chosen: marked, and not selectable again. */
  chosen?: Identifier[];
  /** Fixed filters of the offered records (a shop's products). */
  filter?: Record<string, unknown>;
  /** The confirm button's label (a message key taking `smart_count`). */
  confirmLabel?: string;
}

/**
 * Choose records of another resource: its keyword search, a page of rows with their picture and display field, and
 * a checkbox per row; the chosen ids go to `onPick`. Any schema's resource can be picked from.
 */
export const PickDialog = ({
  resource,
  onClose,
  onPick,
  title,
  chosen = [],
  filter,
  confirmLabel,
}: PickDialogProps) => {
  const meta = entityMeta(resource)!;
  const mobile = useIsMobile();
  const picture = meta.fields.find((f) => f.input === 'image' && meta.list.includes(f.name));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={mobile}>
      <DialogTitle>{title}</DialogTitle>
      <ListBase resource={resource} perPage={8} disableSyncWithLocation storeKey={false} filter={filter}>
        <DialogContent dividers sx={{ p: 1 }}>
          {meta.keyword && <PickSearch param={meta.keyword.param} />}
          <Datagrid
            rowClick="toggleSelection"
            bulkActionButtons={<></>}
            isRowSelectable={(r) => !chosen.includes(r.id)}
          >
            <TextField source="id" sortable={false} />
            {picture && <ImageField source={picture.name} size={36} />}
            <TextField source={meta.display} sortable={false} />
            <ChosenMark chosen={chosen} />
          </Datagrid>
          <Pagination rowsPerPageOptions={[]} />
        </DialogContent>
        <PickActions onClose={onClose} onPick={onPick} confirmLabel={confirmLabel} />
      </ListBase>
    </Dialog>
  );
};

/** The picked resource's keyword search (its own box: the page's list filters are another resource's). */
const PickSearch = ({ param }: { param: string }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <MuiTextField
      size="small"
      placeholder={translate('ra.action.search')}
      onChange={(e) => setFilters({ ...filterValues, [param]: e.target.value || undefined }, undefined, true)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ m: 1, minWidth: 260 }}
    />
  );
};

/** "Chosen" on a row already in the list the dialog adds to. */
const ChosenMark = ({ chosen }: { chosen: Identifier[]; label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return record && chosen.includes(record.id) ? <span>{translate('app.pick.chosen')}</span> : null;
};

const PickActions = ({
  onClose,
  onPick,
  confirmLabel = 'app.pick.confirm',
}: Pick<PickDialogProps, 'onClose' | 'onPick' | 'confirmLabel'>) => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onPick(selectedIds);
      onUnselectItems();
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogActions>
      <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
      <MuiButton variant="contained" disabled={!selectedIds.length || busy} onClick={() => void confirm()}>
        {translate(confirmLabel, { smart_count: selectedIds.length })}
      </MuiButton>
    </DialogActions>
  );
};
