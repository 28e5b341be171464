// Type guards for values only a runtime check can type: parsed JSON, a Row's fields, a name from a table of them.

/** A non-null object, its fields read as unknown (a parsed body, a JSON column, a schema). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether `key` names one of `obj`'s own entries (an entity's declared action in a table of actions). */
export const isKeyOf = <T extends object>(obj: T, key: PropertyKey | undefined): key is keyof T =>
  key !== undefined && Object.hasOwn(obj, key);

/** A list of ids the server's own code set (an action's params): anything else is a bug there, thrown. */
export function idList(v: unknown, what: string): number[] {
  if (!Array.isArray(v) || !v.every((id): id is number => Number.isSafeInteger(id)))
    throw new Error(`${what} is not a list of ids`);
  return v;
}

/** A message between this server's processes (node:cluster IPC) of that kind: `{ mpa: kind, … }`. */
export const isMessage = (m: unknown, kind: string): m is Record<string, unknown> => isRecord(m) && m.mpa === kind;

/** An object of fields, not null and not a list (a body, a list's item). */
export const isFields = (v: unknown): v is Record<string, unknown> => isRecord(v) && !Array.isArray(v);
