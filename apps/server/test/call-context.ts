import type { Session } from '../src/platform/auth/tokens';
import type { CallContext } from '../src/platform/http/context';
import type { TestApp } from './harness';

type Effect = () => void | Promise<void>;

/** A call's context for service code called straight from a test, with its effects held back. */
export interface TestCallContext extends CallContext<Session> {
  /** Runs what the code left for after the commit, as the router does once the transaction commits. */
  runAfterCommit(): Promise<void>;
  /** Runs what the code left for after a rollback, as the router does when the call fails. */
  runAfterRollback(): Promise<void>;
}

/** An admin of the company; service code reads the company from the session. */
export function adminSession(companyId: number, userId = 1): Session {
  return { userId, companyId, kind: 'admin', staffRoleId: 0, personId: 0 };
}

async function runAll(effects: Effect[]): Promise<void> {
  for (const effect of effects.splice(0)) await effect();
}

/**
 * The context the router would give a call of this session: the session's real permissions and the
 * app's services; `db` is the app's database unless a transaction is given.
 */
export async function callContext(
  t: Pick<TestApp, 'db' | 'services'>,
  session: Session,
  db: CallContext['db'] = t.db,
): Promise<TestCallContext> {
  const { ability, rules } = await t.services.abilities.forSession(session);
  const committed: Effect[] = [];
  const rolledBack: Effect[] = [];
  return {
    db,
    session,
    ability,
    rules,
    services: t.services,
    request: { ip: '127.0.0.1', userAgent: 'vitest' },
    afterCommit: (effect) => committed.push(effect),
    afterRollback: (effect) => rolledBack.push(effect),
    runAfterCommit: () => runAll(committed),
    runAfterRollback: () => runAll(rolledBack),
  };
}

/**
 * Runs service code the way a mutating call does: in one transaction, its after-commit effects once
 * the transaction committed, its after-rollback effects (only) when it failed.
 */
export async function inCall<T>(
  t: Pick<TestApp, 'db' | 'services'>,
  session: Session,
  fn: (ctx: CallContext<Session>) => Promise<T>,
): Promise<T> {
  let ctx: TestCallContext | undefined;
  let result: T;
  try {
    result = await t.db.transaction(async (tx) => {
      ctx = await callContext(t, session, tx);
      return fn(ctx);
    });
  } catch (error) {
    await ctx?.runAfterRollback();
    throw error;
  }
  await ctx?.runAfterCommit();
  return result;
}
