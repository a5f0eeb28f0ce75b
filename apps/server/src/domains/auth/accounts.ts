import { and, eq, sql } from 'drizzle-orm';
import { type AbilityRule, type UserKind, roleNames, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';

type DateFormat = z.output<typeof schemas.dateFormat>;
import type { Db } from '../../platform/db/client';
import type { Session } from '../../platform/auth/tokens';
import { clients } from '../clients/schema';
import { companies } from '../company/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { staff } from '../staff/schema';
import { staffRoles, users } from './schema';

/** Everything the session data and the access token say about one account. */
export interface Account {
  userId: number;
  companyId: number;
  kind: UserKind;
  email: string;
  fullName: string;
  isActive: boolean;
  staffRoleId: number;
  staffRoleName: string | null;
  personId: number;
  clientId: number | null;
  passwordChangedAt: Date | null;
  company: {
    shortName: string;
    name: string;
    vatRateBp: number;
    isVatRegistered: boolean;
    isActive: boolean;
    currency: string;
    timezone: string;
    dateFormat: string;
  };
}

/** One query: the user, its company, its role and the person behind it. */
export async function loadAccount(db: Db, userId: number): Promise<Account | null> {
  const [row] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      kind: users.kind,
      email: users.email,
      fullName: users.fullName,
      isActive: users.isActive,
      staffRoleId: users.staffRoleId,
      staffRoleName: staffRoles.name,
      clientId: users.clientId,
      passwordChangedAt: users.passwordChangedAt,
      driverId: drivers.id,
      passengerId: passengers.id,
      staffId: staff.id,
      company: {
        shortName: companies.shortName,
        name: companies.name,
        currency: companies.currency,
        timezone: companies.timezone,
        dateFormat: companies.dateFormat,
        vatRateBp: companies.vatRateBp,
        isVatRegistered: companies.isVatRegistered,
        isActive: companies.isActive,
      },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .leftJoin(passengers, eq(passengers.userId, users.id))
    .leftJoin(staff, eq(staff.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const personId =
    row.kind === 'driver'
      ? row.driverId
      : row.kind === 'passenger'
        ? row.passengerId
        : row.kind === 'staff'
          ? row.staffId
          : row.kind === 'client'
            ? row.clientId
            : 0;
  return {
    ...row,
    staffRoleId: row.staffRoleId ?? 0,
    personId: personId ?? 0,
  };
}

export function sessionOf(account: Account): Session {
  return {
    userId: account.userId,
    companyId: account.companyId,
    kind: account.kind,
    staffRoleId: account.staffRoleId,
    personId: account.personId,
  };
}

/** The parent-client facts of a client user (spec: isParent, parentCLientID, parentEntryUserID). */
async function clientFacts(db: Db, account: Account) {
  if (account.kind !== 'client' || !account.clientId) {
    return { isParent: false, parentClientId: 0, parentEntryUserId: 0 };
  }
  const [client] = await db
    .select({
      parentClientId: clients.parentClientId,
      children: sql<number>`(select count(*)::int from ${clients} c where c.company_id = ${clients.companyId} and c.parent_client_id = ${clients.id})`,
    })
    .from(clients)
    .where(and(eq(clients.companyId, account.companyId), eq(clients.id, account.clientId)));
  if (!client) return { isParent: false, parentClientId: 0, parentEntryUserId: 0 };
  let parentEntryUserId = 0;
  if (client.parentClientId) {
    const [parentUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, account.companyId), eq(users.clientId, client.parentClientId)))
      .orderBy(users.id)
      .limit(1);
    parentEntryUserId = parentUser?.id ?? 0;
  }
  return { isParent: client.children > 0, parentClientId: client.parentClientId ?? 0, parentEntryUserId };
}

/** The session data of spec 000 §3, for a freshly issued token pair. */
export async function sessionData(
  db: Db,
  account: Account,
  tokens: { accessToken: string; refreshToken: string },
  rules: AbilityRule[],
) {
  const facts = await clientFacts(db, account);
  const role = account.kind === 'staff' ? 'Staff' : (roleNames[account.kind] as 'Admin');
  return {
    token: tokens.accessToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    companyIdentifier: account.company.shortName,
    parentEntryUserID: facts.parentEntryUserId,
    fullName: account.fullName,
    staffRoleID: account.staffRoleId,
    userID: account.userId,
    companyID: account.companyId,
    isParent: facts.isParent,
    parentCLientID: facts.parentClientId,
    uniqueTypeID: account.personId,
    userIDDecode: account.userId,
    vatPercentage: account.company.vatRateBp / 100,
    isCompanyVatRegistered: account.company.isVatRegistered,
    passwordChangingDate: account.passwordChangedAt?.toISOString() ?? null,
    userData: {
      id: account.userId,
      fullName: account.fullName,
      email: account.email,
      role: role as 'Admin' | 'Staff' | 'Driver' | 'Passenger' | 'Client',
      companyID: account.companyId,
      staffRoleID: account.staffRoleId,
      staffRoleName: account.staffRoleName,
      ability: rules,
      company: {
        name: account.company.name,
        currency: account.company.currency,
        timezone: account.company.timezone,
        dateFormat: account.company.dateFormat as DateFormat,
      },
    },
  };
}

/** The accounts of an e-mail in every company (an e-mail is unique within a company only). */
export async function accountsByEmail(db: Db, email: string) {
  return db
    .select({ id: users.id, passwordHash: users.passwordHash, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(users.id)
    .limit(20);
}
