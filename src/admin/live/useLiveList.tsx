import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Chip } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import { useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { VERSION_FIELD } from '../../shared/entity-meta';
import type { ChangeEvent, GoneEvent, HelloEvent, NewEvent } from '../../shared/live-changes';
import { changed, watch, type Watch } from './changeStream';
import { ownWrite } from './ownWrites';

/** A row changed by someone else while the list was shown: a bar on its start edge and a light tint. */
const markedSx: SxProps<Theme> = {
  backgroundColor: (t) => alpha(t.palette.info.main, 0.08),
  boxShadow: (t) => `inset 4px 0 0 ${t.palette.info.main}`,
};
const plainSx: SxProps<Theme> = {};

export interface LiveList {
  /** The new-rows chip and the changed-rows note (nothing while there are none). */
  bar: ReactNode;
  /** For the Datagrid's `rowSx`: a changed row marked. */
  rowSx: (record: RaRecord) => SxProps<Theme>;
  /**
   * For a SimpleList's own `sx`: its changed rows marked by position. SimpleList applies `rowSx` only to rows that
   * link somewhere, and a phone row with buttons of its own links nowhere.
   */
  listSx: SxProps<Theme>;
}

/**
 * A generated list kept live (src/admin/live/changeStream.ts): rows created since it was loaded that the caller may
 * see are counted on a chip ("3 new orders") that loads them; a row on screen that someone else changed is loaded
 * again and marked; a row deleted elsewhere leaves. Inside the List's context.
 */
export function useLiveList(): LiveList {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { data, refetch, page, setPage } = useListContext();
  const [fresh, setFresh] = useState<{ ids: number[]; more: boolean }>({ ids: [], more: false });
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [connected, setConnected] = useState(false);
  const shown = useRef(new Map<string, number>());
  shown.current = new Map((data ?? []).map((r) => [String(r.id), Number(r[VERSION_FIELD] ?? 0)]));
  const w = useRef<Watch | null>(null);

  useEffect(() => {
    const me: Watch = {
      rows: [],
      since: { [resource]: null },
      listener: (event, payload) => {
        if (event === 'hello') {
          const hello = payload as HelloEvent;
          if (me.since[resource] === null && hello.since[resource] !== undefined)
            me.since[resource] = hello.since[resource];
          setConnected(resource in hello.since || hello.rows.some((r) => r.startsWith(`${resource}.`)));
          return;
        }
        if ((payload as { entity?: string })?.entity !== resource) return;
        if (event === 'new') {
          const { ids, more } = payload as NewEvent;
          setFresh({ ids, more });
        } else if (event === 'change') {
          const { id, version } = payload as ChangeEvent;
          const was = shown.current.get(String(id));
          if (was === undefined) return;
          if (version !== null && version > was && !ownWrite(resource, id))
            setMarked((m) => new Set(m).add(String(id)));
          void refetch();
        } else if (event === 'gone') {
          if (shown.current.has(String((payload as GoneEvent).id))) void refetch();
        }
      },
    };
    w.current = me;
    const stop = watch(me);
    return () => {
      stop();
      w.current = null;
    };
  }, [resource, refetch]);

  // The rows on screen, at the versions loaded (a reconnect is told what changed since).
  useEffect(() => {
    const me = w.current;
    if (!me) return;
    me.rows = (data ?? [])
      .filter((r) => r[VERSION_FIELD] !== undefined && r[VERSION_FIELD] !== null)
      .map((r) => ({ entity: resource, id: Number(r.id), version: Number(r[VERSION_FIELD]) }));
    changed();
  }, [data, resource]);

  const unseen = fresh.ids.filter((id) => !shown.current.has(String(id)));
  const load = useCallback(() => {
    const me = w.current;
    const newest = Math.max(...fresh.ids);
    if (me && Number.isFinite(newest)) me.since[resource] = newest;
    setFresh({ ids: [], more: false });
    changed();
    if (page !== 1) setPage(1);
    else void refetch();
  }, [fresh.ids, resource, page, setPage, refetch]);

  const count = unseen.length;
  const name = translate(`resources.${resource}.name`, { smart_count: count || 2, _: resource }).toLocaleLowerCase();
  const bar = (
    <Box className="live-list" data-live={connected ? 'on' : 'off'} sx={{ px: { xs: 1, sm: 2 } }}>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {count > 0 && (
          <Chip
            className="live-new-rows"
            color="info"
            icon={<NewReleasesOutlined />}
            onClick={load}
            sx={{ my: 1 }}
            label={translate(fresh.more ? 'app.live.newRowsMore' : 'app.live.newRows', { smart_count: count, name })}
          />
        )}
        {marked.size > 0 && (
          <Box
            component="span"
            className="live-changed-rows"
            sx={{ typography: 'body2', color: 'text.secondary', my: 1 }}
          >
            {translate('app.live.changedRows', { smart_count: marked.size })}
          </Box>
        )}
      </Box>
    </Box>
  );
  const rowSx = useCallback((record: RaRecord) => (marked.has(String(record.id)) ? markedSx : plainSx), [marked]);
  const listSx = Object.fromEntries(
    (data ?? []).flatMap((r, i) => (marked.has(String(r.id)) ? [[`& > li:nth-of-type(${i + 1})`, markedSx]] : [])),
  ) as SxProps<Theme>;
  return { bar, rowSx, listSx };
}
