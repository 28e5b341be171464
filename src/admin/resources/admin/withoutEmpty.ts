/** A save transform dropping the listed fields when left empty (optional password, optional email...). */
export const withoutEmpty =
  (fields: string[]) =>
  <T extends Record<string, unknown>>(data: T): T => {
    const out: Record<string, unknown> = { ...data };
    for (const f of fields) if (out[f] === '' || out[f] === null || out[f] === undefined) delete out[f];
    return out as T;
  };
