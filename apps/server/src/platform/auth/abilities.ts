import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { type AbilityRule, type Grant, type Subject, type Verb, fixedRules, rulesFromGrants } from '@cabdesk/contract';
import type { Session } from './tokens';

/** A staff role's grants, as the company stored them (the auth domain reads them). */
export type LoadGrants = (companyId: number, staffRoleId: number) => Promise<Partial<Record<Subject, Grant>>>;

export type AppAbility = MongoAbility<[Verb | 'manage', Subject | 'all']>;

/** Auth is the only subject an anonymous visitor may read. */
export const anonymousRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

const CACHE_MS = 30_000;

/**
 * Rules per role. Staff role permissions are data (Permissions/Assign); they are cached briefly so a
 * list call does not read them every time, and dropped at once when this process changes them.
 */
export class AbilityCache {
  private readonly fixed = new Map<string, AppAbility>();
  private readonly staff = new Map<string, { ability: AppAbility; rules: AbilityRule[]; at: number }>();

  constructor(private readonly loadGrants: LoadGrants) {}

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
    const grants = await this.loadGrants(session.companyId, session.staffRoleId);
    const rules = rulesFromGrants(grants);
    const entry = { ability: createMongoAbility<AppAbility>(rules as never), rules, at: Date.now() };
    this.staff.set(key, entry);
    return entry;
  }

  forget(companyId: number, staffRoleId: number): void {
    this.staff.delete(`${companyId}:${staffRoleId}`);
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
