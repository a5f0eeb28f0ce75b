import { hashPassword } from '../src/platform/auth/passwords';
import type { Db } from '../src/platform/db/client';
import { users } from '../src/domains/auth/schema';
import { bootstrapCompany } from '../src/domains/company/bootstrap';
import { companies } from '../src/domains/company/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { staff } from '../src/domains/staff/schema';
import type { CallInput, Grant, ResponseOf, Subject, UserKind } from '@cabdesk/contract';
import { rolePermissions, staffRoles } from '../src/domains/auth/schema';
import type { FastifyInstance } from 'fastify';
import { call } from './client';

export const PASSWORD = 'correct horse battery';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));

let sequence = 0;
const next = () => ++sequence;

/** The staff roles every company starts with (packages/contract/src/permissions.ts). */
export type DefaultRole = 'Dispatcher' | 'Accounts' | 'Operations Manager';
const defaultRoles: readonly DefaultRole[] = ['Dispatcher', 'Accounts', 'Operations Manager'];

export interface TestCompany {
  id: number;
  shortName: string;
  roleIds: Record<DefaultRole, number>;
  adminEmail: string;
}

/** A company with its default roles and an admin account. */
export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
): Promise<TestCompany> {
  const n = next();
  const [company] = await db
    .insert(companies)
    .values({ shortName: `T${n}${Math.random().toString(36).slice(2, 6)}`, name: `Test Cabs ${n}`, ...overrides })
    .returning({ id: companies.id, shortName: companies.shortName });
  if (!company) throw new Error('no company');
  const made = await bootstrapCompany(db, company.id);
  const roleIds = Object.fromEntries(
    defaultRoles.map((name) => {
      const id = made[name];
      if (!id) throw new Error(`a new company has no ${name} role`);
      return [name, id];
    }),
  ) as Record<DefaultRole, number>;
  const adminEmail = `admin${n}@${company.shortName.toLowerCase()}.test`;
  await createUser(db, company.id, 'admin', { email: adminEmail });
  return { ...company, roleIds, adminEmail };
}

/** A staff role of the company with exactly these grants (what Permissions/Assign stores). */
export async function createStaffRole(
  db: Db,
  companyId: number,
  grants: Partial<Record<Subject, Grant>>,
  name = `Role ${next()}`,
): Promise<number> {
  const [role] = await db.insert(staffRoles).values({ companyId, name }).returning({ id: staffRoles.id });
  if (!role) throw new Error('no role');
  const rows = Object.entries(grants).map(([subject, grant]) => ({ companyId, staffRoleId: role.id, subject, grant }));
  if (rows.length) await db.insert(rolePermissions).values(rows);
  return role.id;
}

/** A user of a kind, with the person row a driver, passenger or staff account has. */
export async function createUser(
  db: Db,
  companyId: number,
  kind: UserKind,
  opts: { email?: string; staffRoleId?: number; isActive?: boolean; fullName?: string } = {},
) {
  const email = opts.email ?? `${kind}${next()}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      kind,
      email,
      fullName: opts.fullName ?? `Test ${kind}`,
      passwordHash: await passwordHash(),
      passwordChangedAt: new Date(),
      staffRoleId: opts.staffRoleId,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  let personId = 0;
  if (kind === 'driver') {
    const [d] = await db
      .insert(drivers)
      .values({ companyId, userId: user.id, firstName: 'Test', lastName: 'Driver' })
      .returning({ id: drivers.id });
    personId = d?.id ?? 0;
  } else if (kind === 'passenger') {
    const [p] = await db
      .insert(passengers)
      .values({ companyId, userId: user.id, firstName: 'Test', surname: 'Passenger' })
      .returning({ id: passengers.id });
    personId = p?.id ?? 0;
  } else if (kind === 'staff') {
    const [s] = await db
      .insert(staff)
      .values({ companyId, userId: user.id, staffRoleId: opts.staffRoleId, firstName: 'Test', lastName: 'Staff' })
      .returning({ id: staff.id });
    personId = s?.id ?? 0;
  }
  return { id: user.id, email, personId };
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  session: ResponseOf<'UserLogin/UserSignIn'>;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  extra: Partial<CallInput<'UserLogin/UserSignIn'>> = {},
): Promise<SignedIn> {
  const res = await call(app, 'UserLogin/UserSignIn', { email, password, isDriverinWebView: 'False', ...extra });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken, session: res.body };
}
