import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

type Listener = (table: string) => void;

/**
 * Tells caches which tables changed. Every INSERT/UPDATE/DELETE that goes through Kysely is seen here (before and
 * after it runs), so count caches and the auth cache never depend on callers remembering to invalidate them.
 */
export class WriteHooks implements KyselyPlugin {
  private listeners: Listener[] = [];
  private pending = new WeakMap<object, string[]>();
  private outbox = new Set<string>();
  /** Tells the other server processes on the same database (set on PostgreSQL: LISTEN/NOTIFY). */
  broadcast?: (tables: string[]) => void;
  /**
   * Hears, right now, what other processes wrote since the last call (set on SQLite, whose processes share no
   * channel: a cheap look at the file's change counter). Caches call `catchUp()` before answering from memory.
   */
  sync?: () => void;
  /**
   * Whether other processes' writes reach this one now: always on SQLite (`sync`); on PostgreSQL only while the
   * LISTEN connection is up (a cache that must not be stale reads the database when it is not).
   */
  hearing = true;

  catchUp(): void {
    this.sync?.();
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * A table written here. Also called by raw writers (the generic layer's fast path) and after transactions end,
   * so the last word about a transaction's tables goes out once it has committed.
   */
  emit(table: string): void {
    this.emitRemote(table);
    if (!this.broadcast) return;
    if (!this.outbox.size)
      setImmediate(() => {
        const tables = [...this.outbox];
        this.outbox.clear();
        this.broadcast?.(tables);
      });
    this.outbox.add(table);
  }

  /** A table another process wrote: caches here drop what they hold of it. */
  emitRemote(table: string): void {
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
    written?.forEach((t) => this.emit(t));
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
