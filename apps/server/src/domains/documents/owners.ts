import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { clients } from '../clients/schema';
import { companies } from '../company/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { staff } from '../staff/schema';
import { vehicles } from '../vehicles/schema';
import { todayIn } from './expiry';
import { documents, ownerTypes } from './schema';

const ownerTypeList = ownerTypes;

type Ctx = CallContext<Session>;
export type OwnerType = (typeof ownerTypes)[number];

/** The company's time zone and today's date there: expiry is judged on the company's own day. */
export async function companyDay(ctx: Ctx): Promise<{ timezone: string; today: string; currency: string }> {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  const timezone = row?.timezone ?? 'UTC';
  return { timezone, today: todayIn(timezone), currency: row?.currency ?? 'GBP' };
}

/**
 * The rows a document can belong to, per owner type: the table, the name a person reads, and the
 * rows of the caller's company. A company document belongs to the company or one of its
 * sub-companies.
 */
function ownerSource(ctx: Ctx, ownerType: OwnerType) {
  const companyId = ctx.session.companyId;
  switch (ownerType) {
    case 'driver':
      return {
        id: drivers.id,
        name: sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`,
        table: drivers,
        mine: eq(drivers.companyId, companyId),
        active: drivers.isActive,
      };
    case 'vehicle':
      return {
        id: vehicles.id,
        name: sql<string>`${vehicles.registration}`,
        table: vehicles,
        mine: eq(vehicles.companyId, companyId),
        active: vehicles.isActive,
      };
    case 'staff':
      return {
        id: staff.id,
        name: sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`,
        table: staff,
        mine: eq(staff.companyId, companyId),
        active: staff.isActive,
      };
    case 'passenger':
      return {
        id: passengers.id,
        name: sql<string>`${passengers.firstName} || ' ' || ${passengers.surname}`,
        table: passengers,
        mine: eq(passengers.companyId, companyId),
        active: passengers.isActive,
      };
    case 'client':
      return {
        id: clients.id,
        name: sql<string>`${clients.name}`,
        table: clients,
        mine: eq(clients.companyId, companyId),
        active: clients.isActive,
      };
    case 'company':
      return {
        id: companies.id,
        name: sql<string>`${companies.name}`,
        table: companies,
        mine: or(eq(companies.id, companyId), eq(companies.parentCompanyId, companyId)) as SQL,
        active: companies.isActive,
      };
  }
}

/** Whether an owner of that type exists in the caller's company. */
export async function ownerExists(ctx: Ctx, ownerType: OwnerType, ownerId: number): Promise<boolean> {
  const source = ownerSource(ctx, ownerType);
  const rows = await ctx.db
    .select({ id: source.id })
    .from(source.table)
    .where(and(source.mine, eq(source.id, ownerId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * `select id from <owners> where …`: the active owners of a type in the caller's company, optionally
 * narrowed to one owner or to the vehicles of one type, for counts of documents and of missing ones.
 */
export function activeOwners(
  ctx: Ctx,
  ownerType: OwnerType,
  narrow: { id?: number | null; vehicleTypeId?: number | null } = {},
): SQL {
  const source = ownerSource(ctx, ownerType);
  const where = and(
    source.mine,
    eq(source.active, true),
    narrow.id ? eq(source.id, narrow.id) : undefined,
    narrow.vehicleTypeId && ownerType === 'vehicle' ? eq(vehicles.vehicleTypeId, narrow.vehicleTypeId) : undefined,
  );
  return sql`select ${source.id} from ${source.table} where ${where}`;
}

/**
 * The owner's name of a document row (a correlated look-up in the owner's table), or "#id" when the
 * owner is gone. Searchable and sortable like a column.
 */
export function ownerNameSql(ctx: Ctx): SQL<string> {
  const branches = ownerTypeList.map((type) => {
    const source = ownerSource(ctx, type);
    return sql`when ${type} then (select ${source.name} from ${source.table} where ${and(source.mine, eq(source.id, documents.ownerId))})`;
  });
  return sql<string>`coalesce(case ${documents.ownerType} ${sql.join(branches, sql` `)} end, '#' || ${documents.ownerId})`;
}
