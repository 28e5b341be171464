import type { ReactElement } from 'react';

/**
 * Generated list columns by source, in the order asked: a hand-written list picks the schema's columns it shows and
 * puts its own between them, e.g. `[...pick(columns, 'id', 'username'), <RolesField key="roles" />]`.
 */
export function pick(columns: ReactElement[], ...sources: string[]): ReactElement[] {
  return sources.map((source) => {
    const column = columns.find((c) => (c.props as { source?: string }).source === source);
    if (!column) throw new Error(`pick: the list has no "${source}" column`);
    return column;
  });
}
