import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { ChangeTrace } from '../../platform/http/crud';
import { auditLog } from './schema';

type Changes = Record<string, { before: unknown; after: unknown }>;

/** Writes one history row in the call's own transaction: no change without its trace. */
export async function recordAudit(
  ctx: CallContext<Session>,
  entry: { entityType: string; entityId: number; action: string; changes?: Changes; source?: string },
): Promise<void> {
  await ctx.db.insert(auditLog).values({
    companyId: ctx.session.companyId,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    actorUserId: ctx.session.userId,
    source: entry.source ?? 'office',
    changes: entry.changes ?? null,
  });
}

/** The fields whose values differ between two versions of a row. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}

/** The history of a register's rows under one entity type (the crud mechanism's `trace`). */
export function audited(entityType: string): ChangeTrace {
  return (ctx, change) =>
    recordAudit(ctx, {
      entityType,
      entityId: change.entityId,
      action: change.action,
      ...(change.before && change.after
        ? { changes: diff(change.before as Record<string, unknown>, change.after as Record<string, unknown>) }
        : {}),
    });
}
