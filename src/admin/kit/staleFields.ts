import { entityMeta } from './schema';

type Values = Record<string, unknown>;

/** A refused save of a stale copy: what the person sent, and the record as stored now (the 409's data). */
export interface StaleSave {
  sent: Values;
  current: Values;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (a ?? '') === (b ?? '') || String(a) === String(b);

/** The writable fields of `resource` whose value the person has differs from the stored one. */
export function changedFields(resource: string, { sent, current }: StaleSave): string[] {
  const fields = entityMeta(resource)?.fields ?? [];
  return fields
    .filter((f) => !f.readOnly && f.name in current && f.name in sent && !same(sent[f.name], current[f.name]))
    .map((f) => f.name);
}
