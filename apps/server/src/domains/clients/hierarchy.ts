import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';

type Ctx = CallContext<Session>;

/**
 * The child accounts of a client at every depth. UNION (not UNION ALL) stops at rows already seen,
 * so even a cycle written by hand into the table cannot make the query run forever.
 */
export async function descendantIds(ctx: Ctx, clientId: number): Promise<number[]> {
  const result = await ctx.db.execute<{ id: number }>(sql`
    with recursive tree(id) as (
      select id from clients where company_id = ${ctx.session.companyId} and parent_client_id = ${clientId}
      union
      select c.id from clients c join tree t on c.parent_client_id = t.id where c.company_id = ${ctx.session.companyId}
    )
    select id from tree`);
  return result.rows.map((r) => Number(r.id));
}

/**
 * Refuses a parent that would make the client its own ancestor. Moves within one company are
 * serialised (a transaction-scoped advisory lock), so two moves at the same moment cannot close a
 * loop between them.
 */
export async function assertParentAllowed(ctx: Ctx, clientId: number, parentClientId: number): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('clients.parent'), ${ctx.session.companyId})`);
  if (parentClientId === clientId) throw fieldError('parentClientId', 'must not be the client itself');
  if ((await descendantIds(ctx, clientId)).includes(parentClientId)) {
    throw fieldError('parentClientId', 'must not be one of the client’s own child accounts');
  }
}
