import type { MutationMode } from 'react-admin';
import { entityMeta } from './schema';

/**
 * How a delete (`"delete"`) or a switch (its field) of a resource is done: at once with Undo offered while the
 * notification shows (react-admin's undoable mode: nothing reaches the server until it closes), or after a
 * confirmation when the schema's `x-admin.confirm` names it (pessimistic: the dialog waits for the answer).
 */
export const asksFirst = (resource: string, what: string): boolean => !!entityMeta(resource)?.confirm?.includes(what);

export const mutationModeOf = (resource: string, what: string): MutationMode =>
  asksFirst(resource, what) ? 'pessimistic' : 'undoable';
