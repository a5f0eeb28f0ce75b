import { and, count, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ListParams, ListResponse } from '@cabdesk/contract';
import type { Session } from '../auth/tokens';
import type { Db } from '../db/client';
import type { CallContext } from './context';
import { notFound } from './errors';
import { listPage, orderFrom, searchWords } from './list';

type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn; updatedAt?: PgColumn };
type Ctx = CallContext<Session>;

/** Records a change of a register row in the history, in the call's transaction (audit's `audited`). */
export type ChangeTrace = (
  ctx: Ctx,
  change: { entityId: number; action: 'created' | 'updated' | 'deleted'; before?: object; after?: object },
) => Promise<void>;

export interface CrudDefinition<T extends TenantTable, Q extends PgSelect, Row, In> {
  table: T;
  /** "Driver type": for messages. */
  noun: string;
  /** Writes the history of every change; none when absent. */
  trace?: ChangeTrace;
  /** The row query with its joins, before WHERE/ORDER/LIMIT. */
  query: (db: Db) => Q;
  /** Turns a raw result row into the contract row (numbers from numeric columns, ISO dates…). */
  toRow: (raw: Q['_']['result'][number], ctx: Ctx) => Row;
  /** Sortable columns by their contract name. */
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: { column: string; type: 'asc' | 'desc' };
  search?: (AnyColumn | SQL)[];
  filters?: (input: Record<string, unknown>) => (SQL | undefined)[];
  /** The table values of a create or update. */
  values: (input: In, ctx: Ctx) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>;
}

/**
 * The list, get, create, update and delete of a company-owned register, from one definition. Every
 * query is scoped to the caller's company; another company's id answers 404 like a missing one.
 */
export function crudHandlers<T extends TenantTable, Q extends PgSelect, Row, In>(def: CrudDefinition<T, Q, Row, In>) {
  const { table } = def;
  const mine = (ctx: Ctx) => eq(table.companyId, ctx.session.companyId);

  async function rowsWhere(
    ctx: Ctx,
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<Row[]> {
    const raw = await def
      .query(ctx.db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return (raw as Q['_']['result']).map((r: Q['_']['result'][number]) => def.toRow(r, ctx));
  }

  async function one(ctx: Ctx, id: number): Promise<Row> {
    const [row] = await rowsWhere(ctx, and(mine(ctx), eq(table.id, id)), [], 1, 0);
    if (!row) throw notFound(`${def.noun} ${id}`);
    return row;
  }

  return {
    async list(ctx: Ctx, input: ListParams & Record<string, unknown>): Promise<ListResponse<Row>> {
      const where = and(mine(ctx), searchWords(input.q, def.search ?? []), ...(def.filters?.(input) ?? []));
      const order = orderFrom(input, def.sortable, def.defaultSort, table.id);
      return listPage(input, {
        count: async () => {
          const sub = def.query(ctx.db).where(where).as('listed');
          // The row query's joins are kept so that searches and filters on joined columns count right.
          const rows = await ctx.db.select({ n: count() }).from(sub as unknown as PgTable);
          return rows[0]?.n ?? 0;
        },
        rows: (limit, offset) => rowsWhere(ctx, where, order, limit, offset),
      });
    },

    get: (ctx: Ctx, input: { id: number }) => one(ctx, input.id),

    async create(ctx: Ctx, input: In) {
      const values = await def.values(input, ctx);
      const [created] = await ctx.db
        .insert(table)
        .values({ ...values, companyId: ctx.session.companyId, createdBy: ctx.session.userId } as T['$inferInsert'])
        .returning({ id: table.id });
      const id = created?.id as number;
      await def.trace?.(ctx, { entityId: id, action: 'created' });
      return { data: await one(ctx, id), message: `${def.noun} added.` };
    },

    async update(ctx: Ctx, input: In & { id: number }) {
      const before = await one(ctx, input.id);
      const values = await def.values(input, ctx);
      await ctx.db
        .update(table)
        .set({ ...values, ...(table.updatedAt ? { updatedAt: new Date() } : {}) } as never)
        .where(and(mine(ctx), eq(table.id, input.id)));
      const after = await one(ctx, input.id);
      await def.trace?.(ctx, {
        entityId: input.id,
        action: 'updated',
        before: before as object,
        after: after as object,
      });
      return { data: after, message: `${def.noun} saved.` };
    },

    async remove(ctx: Ctx, input: { id: number }) {
      const [gone] = await ctx.db
        .delete(table)
        .where(and(mine(ctx), eq(table.id, input.id)))
        .returning({ id: table.id });
      if (!gone) throw notFound(`${def.noun} ${input.id}`);
      await def.trace?.(ctx, { entityId: input.id, action: 'deleted' });
      return { data: { id: input.id }, message: `${def.noun} deleted.` };
    },
  };
}

/** A numeric column read as text by the driver, as a number (or null). */
export const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** A timestamp as ISO 8601 UTC text (or null). */
export const iso = (v: Date | null | undefined): string | null => (v ? v.toISOString() : null);
