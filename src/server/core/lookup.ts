// Lookups the code around them knows will find (an invariant, not input): a miss is a bug, thrown with its name.

/** `map.get(key)`, throwing when the map has nothing for it. */
export function get<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${JSON.stringify(key)} is missing`);
  return value;
}

/** `value` (a find that must find), throwing when it is null or undefined. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
