import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

import { noteChanges } from './audit.js';

type Listener = (table: string) => void;

/**
 * Tells caches which tables changed. Every INSERT/UPDATE/DELETE that goes through Kysely is seen here (before and
 * after it runs), so count caches and the auth cache never depend on callers remembering to invalidate them.
 */
export class WriteHooks implements KyselyPlugin {
  private listeners: Listener[] = [];
  private pending = new WeakMap<object, string[]>();

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Also called by raw writers (the generic layer's fast path) and after transactions end. */
  emit(table: string): void {
    for (const l of this.listeners) l(table);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables.length) {
      this.pending.set(args.queryId, tables);
      tables.forEach((t) => this.emit(t));
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(args.queryId);
    if (written) {
      written.forEach((t) => this.emit(t));
      noteChanges(Number(args.result.numAffectedRows ?? args.result.rows?.length ?? 0));
    }
    return args.result;
  }
}

function writtenTables(node: RootOperationNode): string[] {
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return names([n.into]);
    case 'UpdateQueryNode':
      return names([n.table]);
    case 'DeleteQueryNode':
      return names((n.from as { froms?: unknown[] } | undefined)?.froms ?? []);
    default:
      return [];
  }
}

function names(nodes: unknown[]): string[] {
  const out: string[] = [];
  for (const raw of nodes) {
    let node = raw as (OperationNode & Record<string, any>) | undefined;
    if (node?.kind === 'AliasNode') node = node.node;
    if (node?.kind === 'TableNode') out.push(node.table.identifier.name);
  }
  return out;
}
