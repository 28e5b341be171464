import { HttpError } from 'react-admin';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { ResultCode, type Envelope } from '../../shared/envelope';
import { FIELD_RULES, Messages, type FieldRule, type MessageKey } from '../../shared/messages';
import { apiBase } from '../config';
import { getToken } from './session';
import { signalSessionExpired } from './sessionExpired';

export type Params = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Params;
  /** JSON body. */
  json?: unknown;
  /** More request headers (`If-Match` of a save). */
  headers?: Record<string, string>;
}

/** Upstream encoding: empty values dropped, arrays comma-joined (`ids=1,2,3`). */
export const toQueryString = (params: Params = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

const messageKeys = new Map(Object.entries(Messages).map(([key, text]) => [text as string, key as MessageKey]));

/** Catalogue messages (§8) become i18n keys so they show translated; anything else is shown as sent. */
export const messageToKey = (message: string) => {
  const key = messageKeys.get(message);
  return key ? `app.message.${key}` : message;
};

/** Where the admin's dictionary words each rule the server names. */
const RULE_KEYS: Record<FieldRule['rule'], string> = {
  required: 'ra.validation.required',
  minValue: 'ra.validation.minValue',
  maxValue: 'ra.validation.maxValue',
  minLength: 'ra.validation.minLength',
  lengthBetween: 'app.validation.lengthBetween',
  maxItems: 'app.validation.maxItems',
};

/**
 * A field error of the server as the form shows it, in the user's language: a rule the admin names becomes that rule
 * in react-admin's serialized form (`@@react-admin@@`, which its ValidationError reads with the arguments; the
 * server's words are the fallback), a catalogue message its key; anything else is shown as sent.
 */
export const fieldError = (message: string): string => {
  for (const [pattern, { rule, args: names }] of FIELD_RULES) {
    const m = pattern.exec(message);
    if (!m) continue;
    const args = Object.fromEntries([...names.map((name, i) => [name, Number(m[i + 1])]), ['_', message]]);
    return `@@react-admin@@${JSON.stringify({ message: RULE_KEYS[rule], args })}`;
  }
  return messageToKey(message);
};

const fieldErrors = (errors?: Record<string, string>) =>
  errors && Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, fieldError(message)]));

/** One call to the admin API: envelope unwrapped, code ≠ 200 thrown as HttpError (body.errors = field errors). */
export async function api<T = unknown>(
  path: string,
  { method = 'GET', query, json, headers: more }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...more, Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let envelope: Envelope<T> | null;
  try {
    response = await fetch(`${apiBase}${path}${toQueryString(query)}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: controller.signal,
    });
    // The time-out covers the body too: a stalled answer fails like a stalled connection.
    envelope = response.ok
      ? ((await response.json().catch((e) => {
          if (controller.signal.aborted) throw e;
          return null; // not JSON: a bad response, below
        })) as Envelope<T> | null)
      : null;
  } catch {
    // The browser's own text ("Failed to fetch") is not translated: say it in the user's language.
    throw new HttpError(controller.signal.aborted ? 'app.error.timeout' : 'app.error.network', 0);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new HttpError(response.statusText || `HTTP ${response.status}`, response.status);
  if (!envelope || typeof envelope.code !== 'number') throw new HttpError('app.error.badResponse', response.status);
  if (envelope.code !== ResultCode.SUCCESS) {
    if (envelope.code === ResultCode.UNAUTHORIZED) signalSessionExpired();
    const data = envelope.data as { errors?: Record<string, string> } | null;
    throw new HttpError(messageToKey(envelope.message), envelope.code, {
      ...envelope,
      errors: fieldErrors(data?.errors),
    });
  }
  return envelope.data;
}

/** A file the API streams (an export): its bytes as they arrive (`onBytes` counts them), and the name it is sent as. */
export async function download(
  path: string,
  query: Params,
  onBytes: (received: number) => void,
): Promise<{ blob: Blob; name: string }> {
  const token = getToken();
  const response = await fetch(`${apiBase}${path}${toQueryString(query)}`, {
    headers: token ? { Authorization: token } : {},
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || /json/.test(type)) {
    const answer = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new HttpError(answer ? messageToKey(answer.message) : response.statusText, answer?.code ?? response.status);
  }
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
    onBytes(size);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  return { blob: new Blob(parts, { type }), name };
}

/**
 * A file sent as the body of a call (a CSV import), with its upload's progress (`onProgress`: the fraction sent;
 * `onSent`: all of it sent, the server now reading it): fetch cannot report an upload's progress, XMLHttpRequest
 * can. The envelope's data, or its error thrown as api() throws it.
 */
export function upload<T>(
  path: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  onSent: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${path}`);
    xhr.setRequestHeader('Content-Type', file.type || 'text/csv');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      let envelope: Envelope<T> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        /* not JSON: a bad response, below */
      }
      if (!envelope || typeof envelope.code !== 'number')
        return reject(new HttpError(xhr.statusText || 'app.error.badResponse', xhr.status));
      if (envelope.code !== ResultCode.SUCCESS) {
        if (envelope.code === ResultCode.UNAUTHORIZED) signalSessionExpired();
        return reject(new HttpError(messageToKey(envelope.message), envelope.code, envelope));
      }
      resolve(envelope.data);
    };
    xhr.onerror = () => reject(new HttpError('app.error.network', 0));
    xhr.send(file);
  });
}
