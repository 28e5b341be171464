/**
 * The change stream's terms, shared by the server (domains/changes) and the admin app (src/admin/live): one
 * server-sent-events stream per tab, told which rows the tab shows and since which row it counts new ones.
 *
 * A call names what it watches in two query parameters, each a comma-separated list:
 * - `rows`: `entity.id.version` of each record on screen (`order.12.3`): a `change` event comes once the stored
 *   version differs (also at once, when it moved while the tab was not connected), a `gone` event when the record
 *   is deleted or no longer the caller's to see;
 * - `since`: `entity.id` (`order.1234`): `new` events name the caller's rows of it with a greater id; a bare `entity`
 *   counts from the newest row now, which the `hello` event gives back.
 * The answer knows nothing of the tab between calls: a reconnect with the same parameters misses nothing.
 */
export const CHANGES_STREAM_PATH = '/changes/stream';

/** The most rows and new-row counters one call watches (a page of 100 rows and a form fit well within). */
export const MAX_WATCHED_ROWS = 500;
export const MAX_WATCHED_SINCE = 20;
/** A `new` event names at most this many ids; `more` says there are others. */
export const MAX_NEW_IDS = 100;

export interface HelloEvent {
  /** The entities watched that the caller may read (others are left out), and where `new` counts from. */
  since: Record<string, number>;
  rows: string[];
}
export interface ChangeEvent {
  entity: string;
  id: number;
  version: number | null;
}
export interface GoneEvent {
  entity: string;
  id: number;
}
export interface NewEvent {
  entity: string;
  /** The caller's rows beyond `since`, oldest first, at most MAX_NEW_IDS. */
  ids: number[];
  more: boolean;
}

export type LiveEventName = 'hello' | 'change' | 'gone' | 'new' | 'bye';

const NAME = '[A-Za-z][A-Za-z0-9]{0,63}';
export const ROW_PATTERN = `^${NAME}\\.[1-9][0-9]{0,14}\\.[0-9]{1,15}$`;
export const SINCE_PATTERN = `^${NAME}(\\.[0-9]{1,15})?$`;

export interface WatchedRow {
  entity: string;
  id: number;
  version: number;
}

/** `rows` and `since` as a call sends them. */
export function watchQuery(rows: WatchedRow[], since: Record<string, number | null>): Record<string, string> {
  const out: Record<string, string> = {};
  if (rows.length) out.rows = rows.map((r) => `${r.entity}.${r.id}.${r.version}`).join(',');
  const counted = Object.entries(since).map(([entity, from]) => (from === null ? entity : `${entity}.${from}`));
  if (counted.length) out.since = counted.join(',');
  return out;
}
