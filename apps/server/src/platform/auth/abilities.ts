import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { type AbilityRule, type Grant, type Subject, type Verb, fixedRules, rulesFromGrants } from '@cabdesk/contract';
import type { LiveBus } from '../events/bus';
import type { Session } from './tokens';

/** A staff role's grants, as the company stored them (the auth domain reads them). */
export type LoadGrants = (companyId: number, staffRoleId: number) => Promise<Partial<Record<Subject, Grant>>>;

export type AppAbility = MongoAbility<[Verb | 'manage', Subject | 'all']>;

/** Auth is the only subject an anonymous visitor may read. */
export const anonymousRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

const CACHE_MS = 30_000;

/** The bus topic every process's cache listens to (docs/permissions.md, "How a change travels"). */
export const ROLE_CHANGED = 'role-changed';

/**
 * Rules per role. Staff role permissions are data (Permissions/Assign); they are cached briefly so a
 * list call does not read them every time, and dropped at once in every process when a role changes
 * (`roleChanged` tells them all through the bus).
 */
export class AbilityCache {
  private readonly fixed = new Map<string, AppAbility>();
  private readonly staff = new Map<string, { ability: AppAbility; rules: AbilityRule[]; at: number }>();
  /**
   * Bumped by every forget: a load that started before a change must not store the grants it read
   * before the change, or the old rules would live on for the whole cache time.
   */
  private readonly generations = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly loadGrants: LoadGrants,
    private readonly bus?: LiveBus,
  ) {
    this.unsubscribe =
      bus?.onSignal(ROLE_CHANGED, (payload) => this.forget(Number(payload.companyId), Number(payload.staffRoleId))) ??
      (() => undefined);
  }

  anonymous(): AppAbility {
    return this.fromRules('anonymous', anonymousRules);
  }

  async forSession(session: Session): Promise<{ ability: AppAbility; rules: AbilityRule[] }> {
    if (session.kind !== 'staff') {
      const rules = fixedRules[session.kind];
      return { ability: this.fromRules(session.kind, rules), rules };
    }
    const key = `${session.companyId}:${session.staffRoleId}`;
    const hit = this.staff.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit;
    const generation = this.generations.get(key) ?? 0;
    const grants = await this.loadGrants(session.companyId, session.staffRoleId);
    const rules = rulesFromGrants(grants);
    const entry = { ability: createMongoAbility<AppAbility>(rules as never), rules, at: Date.now() };
    if ((this.generations.get(key) ?? 0) === generation) this.staff.set(key, entry);
    return entry;
  }

  forget(companyId: number, staffRoleId: number): void {
    const key = `${companyId}:${staffRoleId}`;
    this.staff.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  /**
   * A role's grants changed: this process forgets them at once (its next call reads them again, even
   * when the bus is slow or down), and every other process as soon as the bus tells it.
   */
  async roleChanged(companyId: number, staffRoleId: number): Promise<void> {
    this.forget(companyId, staffRoleId);
    await this.bus?.signal({ topic: ROLE_CHANGED, payload: { companyId, staffRoleId } });
  }

  close(): void {
    this.unsubscribe();
  }

  private fromRules(key: string, rules: AbilityRule[]): AppAbility {
    let ability = this.fixed.get(key);
    if (!ability) {
      ability = createMongoAbility<AppAbility>(rules as never);
      this.fixed.set(key, ability);
    }
    return ability;
  }
}
