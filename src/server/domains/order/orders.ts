import type { Transaction } from 'kysely';
import { tables, type Database, type TableName } from '../../../../generated/database.js';
import { entities } from '../../../../generated/entities.js';
import type { OrderOperateHistoryNoteCode } from '../../../../generated/enums.js';
import { Messages } from '../../../shared/messages.js';
import { ORDER_ACTIONS, orderAllows, type OrderAction } from '../../../shared/order-states.js';
import type { AuthUser } from '../../core/auth.js';
import { notFound, refused } from '../../core/envelope.js';
import { runtime, tenantScope } from '../../core/crud.js';
import type { Db } from '../../core/db.js';
import { present } from '../../core/lookup.js';

/** Tables an order action may write: the list caches of all of them drop after it. */
export const ORDER_TABLES: TableName[] = [
  tables.order,
  tables.orderOperateHistory,
  tables.orderLogistics,
  tables.orderMessage,
  tables.orderItem,
  tables.skuStock,
  tables.product,
];

export interface OrderHead {
  id: number;
  status: number;
  shop_id: number | null;
  member_id: number | null;
  order_sn: string | null;
}

/** Who did it, as the history shows it. */
export const operator = (user?: AuthUser) => user?.username ?? 'system';

/** A refusal in the state machine's words for `action`. */
export const refusedFor = (action: OrderAction) => refused(Messages[ORDER_ACTIONS[action].refused]);

/**
 * The named orders as the caller may see them (their shop), each in a status `action` allows. An order the caller
 * cannot see is "Not found"; one in another status refuses the whole batch, so nothing changes.
 */
export async function ordersFor(
  db: Db | Transaction<Database>,
  ids: number[],
  user: AuthUser | undefined,
  action: OrderAction,
): Promise<OrderHead[]> {
  const k = 'kysely' in db ? db.kysely : db;
  let q = k
    .selectFrom(tables.order)
    .select(['id', 'status', 'shop_id', 'member_id', 'order_sn'])
    .where('id', 'in', ids);
  const scope = tenantScope(runtime('order'), user);
  if (scope) q = q.where('shop_id', 'in', scope.ids.length ? scope.ids : [0]);
  const rows: OrderHead[] = (await q.execute()).map((r) => ({ ...r, id: Number(r.id), status: Number(r.status) }));
  if (rows.length !== new Set(ids).size) throw notFound();
  if (rows.some((o) => !orderAllows(action, o.status))) throw refusedFor(action);
  return rows;
}

/** What a history row says: one of the schema's note codes and the values its wording takes. */
export interface HistoryNote {
  code: OrderOperateHistoryNoteCode;
  params?: Record<string, string>;
}

const NOTE_WORDING = present(
  entities.orderOperateHistory.fields.find((f) => f.name === 'noteCode')?.enumLabels,
  'The wording of orderOperateHistory.noteCode',
);

/**
 * A note's columns: its code and values, which the admin shows in the reader's language, and the English text that
 * upstream clients read in `note`, from the same wording (the schema's labels of the code, `%{value}` filled in).
 */
export const noteColumns = ({ code, params }: HistoryNote) => ({
  note: present(NOTE_WORDING[code], `The wording of note ${code}`).en.replace(
    /%\{(\w+)\}/g,
    (_, k: string) => params?.[k] ?? '',
  ),
  note_code: code,
  note_params: params ? JSON.stringify(params) : null,
});

/** One operation-history row per order, in the caller's transaction. */
export async function addHistory(
  trx: Transaction<Database>,
  orders: { id: number; status: number }[],
  note: HistoryNote,
  user: AuthUser | undefined,
): Promise<void> {
  if (!orders.length) return;
  const now = new Date().toISOString();
  await trx
    .insertInto(tables.orderOperateHistory)
    .values(
      orders.map((o) => ({
        order_id: o.id,
        operate_man: operator(user),
        create_time: now,
        order_status: o.status,
        ...noteColumns(note),
      })),
    )
    .execute();
}
