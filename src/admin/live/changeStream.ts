import { CHANGES_STREAM_PATH, watchQuery, type LiveEventName, type WatchedRow } from '../../shared/live-changes';
import { apiBase } from '../config';
import { toQueryString } from '../providers/http';
import { getToken } from '../providers/session';

export type LiveListener = (event: LiveEventName, data: any) => void;

/** What one screen part (a list, an edit form) watches; changed in place, then `changed()` is called. */
export interface Watch {
  rows: WatchedRow[];
  /** entity → the id after which rows are new; null: from now (the `hello` event sets it). */
  since: Record<string, number | null>;
  listener: LiveListener;
}

/** The first wait before a reconnect, doubled on each failure up to MAX_DELAY_MS (each with some jitter). */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** How often a connected stream checks the tab still has the token it was opened with (a logout, another login). */
const TOKEN_CHECK_MS = 2000;
/** Watches changed within this long are sent in one reconnect. */
const SETTLE_MS = 150;
/** The stream stays open this long after its last watch stopped: the next screen's watches often follow at once. */
const LINGER_MS = 1000;

const watches = new Set<Watch>();
let controller: AbortController | null = null;
/** The rows and counters the open stream watches (versions left out: they matter only when it opens). */
let openKey = '';
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let tokenCheck: ReturnType<typeof setInterval> | undefined;

/** The rows and `since` of every watch, merged: a row at its lowest version, an entity from its earliest id. */
function merged() {
  const rows = new Map<string, WatchedRow>();
  const since: Record<string, number | null> = {};
  for (const w of watches) {
    for (const r of w.rows) {
      const key = `${r.entity}.${r.id}`;
      const known = rows.get(key);
      if (!known || r.version < known.version) rows.set(key, r);
    }
    for (const [entity, from] of Object.entries(w.since)) {
      const known = since[entity];
      since[entity] =
        known === undefined ? from : known === null ? from : from === null ? known : Math.min(known, from);
    }
  }
  return { rows: [...rows.values()], since };
}

const keyOf = ({ rows, since }: ReturnType<typeof merged>) =>
  JSON.stringify([rows.map((r) => `${r.entity}.${r.id}`).sort(), Object.entries(since).sort()]);

function schedule(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void connect(), ms);
}

function disconnect() {
  controller?.abort();
  controller = null;
  openKey = '';
  clearInterval(tokenCheck);
}

const backoff = () => Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt++) * (0.5 + Math.random() / 2);

/**
 * The tab's one stream (GET /changes/stream, shared/live-changes.ts), read with fetch so it carries the token in its
 * Authorization header as every call does (EventSource cannot send one). Reconnects with a growing, jittered wait
 * after a failure, and soon after a server said it is closing (`bye`: the next one behind the balancer answers); a
 * reconnect names the same rows and counters, so nothing that happened meanwhile is missed.
 */
async function connect(): Promise<void> {
  disconnect();
  const token = getToken();
  if (!token || !watches.size) return;
  const watched = merged();
  if (!watched.rows.length && !Object.keys(watched.since).length) return;
  const mine = new AbortController();
  controller = mine;
  openKey = keyOf(watched);
  tokenCheck = setInterval(() => {
    if (getToken() !== token) schedule(0);
  }, TOKEN_CHECK_MS);
  let closing = false;
  try {
    const res = await fetch(
      `${apiBase}${CHANGES_STREAM_PATH}${toQueryString(watchQuery(watched.rows, watched.since))}`,
      {
        headers: { Authorization: token, Accept: 'text/event-stream' },
        signal: mine.signal,
      },
    );
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
      // A refusal (signed out, no entity to read, a watch refused) is not retried until the watches change.
      if (res.ok) return disconnect();
      throw new Error(`HTTP ${res.status}`);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] as LiveEventName | undefined;
        if (!event) continue;
        const text = /^data: (.*)$/m.exec(block)?.[1];
        const data = text ? JSON.parse(text) : null;
        if (event === 'hello') {
          attempt = 0;
          dispatch(event, data);
          // The counters it settled (`since` from now) are the ones open: no reconnect for them.
          if (controller === mine) openKey = keyOf(merged());
        } else if (event === 'bye') closing = true;
        else dispatch(event, data);
      }
    }
  } catch {
    if (mine.signal.aborted) return;
  }
  if (controller !== mine) return;
  controller = null;
  openKey = '';
  clearInterval(tokenCheck);
  schedule(closing ? 200 + Math.random() * 500 : backoff());
}

function dispatch(event: LiveEventName, data: unknown) {
  for (const w of watches) w.listener(event, data);
}

/** Starts watching; the returned function stops. The stream opens with the first watch. */
export function watch(w: Watch): () => void {
  watches.add(w);
  changed();
  return () => {
    watches.delete(w);
    if (watches.size) return changed();
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!watches.size) disconnect();
    }, LINGER_MS);
  };
}

/** A watch's rows or counters changed: the stream reconnects (soon, once) when it watches other ones now. */
export function changed(): void {
  if (!watches.size) return;
  if (controller && keyOf(merged()) === openKey) return;
  schedule(SETTLE_MS);
}
