import type { ResponseOf } from '@cabdesk/contract';
import type { companies } from '../src/domains/company/schema';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, type DefaultRole, signIn, type TestCompany } from './factories';

/** Who a test acts as: a staff member of a default role, or a driver or passenger of the app. */
export type Role = DefaultRole | 'driver' | 'passenger';

/** A signed-in account: its user id, the person row behind it (drivers.id, staff.id…) and its tokens. */
export interface Person {
  userId: number;
  /** drivers.id, passengers.id or staff.id of the account; 0 for an admin. */
  personId: number;
  email: string;
  token: string;
  refreshToken: string;
  session: ResponseOf<'UserLogin/UserSignIn'>;
}

export interface Company {
  company: TestCompany;
  admin: Person;
  /** Another signed-in person of this company, e.g. a second driver or a named dispatcher. */
  person(role: Role, opts?: { fullName?: string }): Promise<Person>;
}

/** What `world()` made: the app on its own database, the company, its admin and the people asked for. */
export type World<R extends Role = never, O extends boolean = false> = TestApp &
  Company & {
    /** One signed-in person per role asked for. */
    as: Record<R, Person>;
    /** A second company with its own admin, for "another company's id answers 404". */
    other: O extends true ? Company : undefined;
  };

export interface WorldOptions<R extends Role, O extends boolean> {
  roles?: readonly R[];
  otherCompany?: O;
  /** Columns of the company (time zone, currency…). */
  company?: Partial<typeof companies.$inferInsert>;
  /** Configuration of the app (createTestApp's env). */
  env?: Record<string, string>;
}

/** A person as the sign-in answers it: the session names the user and the person behind it. */
async function signedIn(t: TestApp, email: string): Promise<Person> {
  const { accessToken, refreshToken, session } = await signIn(t.app, email);
  return { userId: session.userID, personId: session.uniqueTypeID, email, token: accessToken, refreshToken, session };
}

async function personOf(t: TestApp, company: TestCompany, role: Role, opts: { fullName?: string }) {
  const user =
    role === 'driver' || role === 'passenger'
      ? await createUser(t.db, company.id, role, opts)
      : await createUser(t.db, company.id, 'staff', { ...opts, staffRoleId: company.roleIds[role] });
  return signedIn(t, user.email);
}

async function companyWithAdmin(t: TestApp, columns: Partial<typeof companies.$inferInsert> = {}): Promise<Company> {
  const company = await createCompany(t.db, columns);
  return {
    company,
    admin: await signedIn(t, company.adminEmail),
    person: (role, opts = {}) => personOf(t, company, role, opts),
  };
}

/**
 * The set-up most test files share: an app on a fresh database, a company with its signed-in admin,
 * a signed-in person per role asked for and, when asked, a second company with its own admin.
 *
 *     const w = await world({ roles: ['Dispatcher'], otherCompany: true });
 *     await call(w.app, 'Driver/GetTableSummary', {}, w.as.Dispatcher.token);
 */
export async function world<R extends Role = never, O extends boolean = false>(
  options: WorldOptions<R, O> = {},
): Promise<World<R, O>> {
  const t = await createTestApp(options.env);
  const own = await companyWithAdmin(t, options.company);
  const as = {} as Record<R, Person>;
  for (const role of options.roles ?? []) as[role] = await personOf(t, own.company, role, {});
  const other = (options.otherCompany ? await companyWithAdmin(t) : undefined) as World<R, O>['other'];
  return { ...t, ...own, as, other };
}
