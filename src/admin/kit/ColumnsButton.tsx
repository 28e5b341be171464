import { useState, type MouseEvent } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import {
  Box,
  FormControlLabel,
  FormGroup,
  IconButton,
  Popover,
  Switch,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Button } from '../components/Button';
import { useResourceContext, useStore, useTranslate, useTranslateLabel } from 'react-admin';

/** What DatagridConfigurable records of each column (react-admin's ConfigurableDatagridColumn). */
interface Column {
  index: string;
  source?: string;
  label?: string;
}

/**
 * The list's column chooser, on the preferences react-admin's DatagridConfigurable reads. react-admin's own
 * (SelectColumnsButton) draws each column as an `option` outside any listbox holding a switch, and orders them by
 * dragging only: axe counted it critical and serious on every list. Here each column is a labelled switch in a named
 * group, moved up or down by buttons a keyboard reaches.
 */
export const ColumnsButton = ({ className }: { className?: string }) => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const key = `preferences.${resource}.datagrid`;
  const [available, setAvailable] = useStore<Column[]>(`${key}.availableColumns`, []);
  // DatagridConfigurable stores `omit` as the list gave it, undefined when it names none.
  const [omit] = useStore<string[] | undefined>(`${key}.omit`, []);
  const [columns, setColumns] = useStore<string[]>(
    `${key}.columns`,
    available.filter((c) => !c.source || !omit?.includes(c.source)).map((c) => c.index),
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const title = translate('ra.action.select_columns', { _: 'Columns' });
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);

  const toggle = (index: string, on: boolean) =>
    setColumns(
      on
        ? available.filter((c) => c.index === index || columns.includes(c.index)).map((c) => c.index)
        : columns.filter((i) => i !== index),
    );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= available.length) return;
    const next = [...available];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setAvailable(next);
    setColumns((shown) => next.filter((c) => shown.includes(c.index)).map((c) => c.index));
  };

  // A list drawn without its table (a phone's simple list) has no columns to choose.
  if (!available.length) return null;
  return (
    <>
      {small ? (
        <Tooltip title={title}>
          <IconButton aria-label={title} color="primary" onClick={open} size="large" className={className}>
            <ViewWeekIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label="ra.action.select_columns" onClick={open} className={className}>
          <ViewWeekIcon />
        </Button>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <FormGroup role="group" aria-label={title} sx={{ p: 1 }}>
          {available.map((c, i) => {
            const name = translateLabel({ label: c.label, source: c.source, resource });
            return (
              <Box key={c.index} sx={{ display: 'flex', alignItems: 'center' }}>
                <FormControlLabel
                  sx={{ flex: 1, mr: 1 }}
                  control={
                    <Switch
                      size="small"
                      checked={columns.includes(c.index)}
                      onChange={(e) => toggle(c.index, e.target.checked)}
                    />
                  }
                  label={name}
                />
                <IconButton
                  size="small"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={translate('app.columns.up', { name })}
                >
                  <ArrowUpwardIcon fontSize="inherit" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={i === available.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={translate('app.columns.down', { name })}
                >
                  <ArrowDownwardIcon fontSize="inherit" />
                </IconButton>
              </Box>
            );
          })}
        </FormGroup>
      </Popover>
    </>
  );
};
