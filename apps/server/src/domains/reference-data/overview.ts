import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListParams } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { clientReferences, clientTypes } from '../clients/schema';
import { documentTypes } from '../documents/schema';
import { driverTypes } from '../drivers/schema';
import { vehicleTypes } from '../vehicles/schema';
import { inMemory } from './lookups';
import { bookingExpenseTypes, discountCodes, exclusions, knownLocations, tags, zones } from './schema';

const registers: [string, string, string, PgTable & { companyId: PgColumn }][] = [
  ['driver-types', 'Driver types', 'DriverType/GetTableSummary', driverTypes],
  ['client-types', 'Client types', 'ClientType/GetTableSummary', clientTypes],
  ['client-references', 'Client references', 'ClientReference/GetTableSummary', clientReferences],
  ['vehicle-types', 'Vehicle types', 'VehicleType/GetTableSummary', vehicleTypes],
  ['zones', 'Zones', 'Zone/GetTableSummaryZones', zones],
  ['known-locations', 'Known locations', 'KnownLocation/GetTableSummary', knownLocations],
  ['document-types', 'Document types', 'DocumentType/GetTableSummary', documentTypes],
  ['tags', 'Tags', 'Tag/GetTableSummary', tags],
  ['expense-types', 'Booking expense types', 'BookingExpenseType/GetTableSummary', bookingExpenseTypes],
  ['exclusions', 'Repeat-booking exclusions', 'Exclusion/GetTableSummary', exclusions],
  ['discount-codes', 'Discount codes', 'Common/GetDiscountCodes', discountCodes],
];

/** Common/GetTableSummary: every register of reference data and how many rows it has. */
export async function referenceDataOverview(ctx: CallContext<Session>, input: ListParams) {
  const rows = await Promise.all(
    registers.map(async ([id, name, call, table]) => {
      const [row] = await ctx.db.select({ n: count() }).from(table).where(eq(table.companyId, ctx.session.companyId));
      return { id, name, call, count: row?.n ?? 0 };
    }),
  );
  return inMemory(rows, input);
}
