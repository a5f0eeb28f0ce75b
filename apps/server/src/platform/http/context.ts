import type { AbilityRule, BuiltName, Contract, HandlerResult, ParsedInput } from '@cabdesk/contract';
import type { AppAbility } from '../auth/abilities';
import type { Session } from '../auth/tokens';
import type { Db } from '../db/client';
import type { Services } from '../services';

export interface CallContext<S extends Session | null = Session> {
  /** The database, or the call's transaction for calls that change data. */
  db: Db;
  session: S;
  ability: AppAbility;
  rules: AbilityRule[];
  services: Services;
  request: { ip: string; userAgent: string | undefined };
  /** Runs after the call's transaction commits (events, jobs); never for a failed call. */
  afterCommit(effect: () => void | Promise<void>): void;
  /**
   * Runs after the call failed and its transaction rolled back, outside it: the one thing a failed
   * call may still write is what the failure itself must leave behind (a stolen token's family
   * revoked). Never for a call that succeeds.
   */
  afterRollback(effect: () => void | Promise<void>): void;
}

type SessionOf<K extends BuiltName> = Contract[K]['isPublic'] extends true ? Session | null : Session;

export type Handler<K extends BuiltName> = (
  input: ParsedInput<K>,
  ctx: CallContext<SessionOf<K>>,
) => Promise<HandlerResult<K>>;

export type Handlers = { [K in BuiltName]: Handler<K> };

/** Declares a domain's handlers, typed by the contract. */
export function handlers<const T extends Partial<Handlers>>(h: T & { [K in Exclude<keyof T, BuiltName>]: never }): T {
  return h;
}
