import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { drivers, vendors } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';

type Ctx = CallContext<Session>;
type Changes = Record<string, { before: unknown; after: unknown }> | null;

/** Fields whose history values are ids of rows people know by a name, and how to read those names. */
const named = {
  driverId: { table: drivers, name: sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}` },
  vehicleId: { table: vehicles, name: sql<string>`${vehicles.registration}` },
  vendorId: { table: vendors, name: sql<string>`${vendors.name}` },
} as const;
type NamedField = keyof typeof named;
const isNamed = (field: string): field is NamedField => field in named;

/** Names of the drivers, vehicles and subcontractors a page of history entries points at, by field and id. */
export async function namesIn(ctx: Ctx, entries: Changes[]): Promise<(field: string, value: unknown) => unknown> {
  const ids: Record<NamedField, Set<number>> = { driverId: new Set(), vehicleId: new Set(), vendorId: new Set() };
  for (const changes of entries) {
    for (const [field, change] of Object.entries(changes ?? {})) {
      if (!isNamed(field)) continue;
      for (const v of [change?.before, change?.after]) if (typeof v === 'number') ids[field].add(v);
    }
  }
  const found = new Map<string, string>();
  for (const field of Object.keys(named) as NamedField[]) {
    if (!ids[field].size) continue;
    const { table, name } = named[field];
    const rows = await ctx.db
      .select({ id: table.id, name })
      .from(table)
      .where(and(eq(table.companyId, ctx.session.companyId), inArray(table.id, [...ids[field]])));
    for (const row of rows) found.set(`${field}:${row.id}`, row.name);
  }
  // A row deleted since keeps its number, said as such, rather than a bare id.
  return (field, value) =>
    isNamed(field) && typeof value === 'number' ? (found.get(`${field}:${value}`) ?? `deleted (no. ${value})`) : value;
}
