import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  type FixedListName,
  type ListParams,
  bookingStatusLabels,
  bookingStatuses,
  bookingSources,
  bookingSourceLabels,
  finalStatuses,
  fixedLists,
} from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { bookings } from '../bookings/schema';
import { vehicleTypes } from '../vehicles/schema';
import { pricingModels } from '../pricing/schema';
import { bookingExpenseTypes, exclusions, tags, taxes, zones } from './schema';
import { vendors } from '../drivers/schema';

type Ctx = CallContext<Session>;

/** A list held in memory, searched and paged like a table. */
export function inMemory<Row extends { name: string }>(
  rows: readonly Row[],
  params: Pick<ListParams, 'page' | 'perPage' | 'q'>,
) {
  const q = params.q?.trim().toLowerCase();
  const found = q ? rows.filter((r) => r.name.toLowerCase().includes(q)) : [...rows];
  return listPage(params, {
    count: async () => found.length,
    rows: async (limit, offset) => found.slice(offset, offset + limit),
  });
}

export const fixedLookup = (name: FixedListName) => async (input: ListParams) =>
  inMemory(
    fixedLists[name].map((e, i) => ({ id: i + 1, code: e.code, name: e.name })),
    input,
  );

const statusRows = bookingStatuses.map((code, i) => ({
  id: i + 1,
  code,
  name: bookingStatusLabels[code],
  isFinal: finalStatuses.includes(code),
}));

/** The dispatch board's tabs: the statuses a job passes through before it is done. */
const dispatchTabs = new Set([
  'pending',
  'confirmed',
  'offered',
  'allocated',
  'accepted',
  'on_route',
  'arrived',
  'on_board',
]);

export const bookingStatusLookups = {
  all: (input: ListParams) => inMemory(statusRows, input),
  dispatch: (input: ListParams) =>
    inMemory(
      statusRows.filter((s) => dispatchTabs.has(s.code)),
      input,
    ),
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countries = (() => {
  const rows: { id: string; code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      if (name && name !== code && !/Unknown|Pseudo/.test(name)) rows.push({ id: code, code, name });
    }
  }
  return rows.sort((x, y) => x.name.localeCompare(y.name));
})();

export const nationalityLookup = (input: ListParams) => inMemory(countries, input);

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const months = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2000, i, 1));
  return { id: i + 1, name: monthFormat.format(d), shortName: monthShort.format(d) };
});
export const monthLookup = (input: ListParams) => inMemory(months, input);

export const sourceLookup = (input: ListParams & { paymentMethod?: string }) =>
  inMemory(
    bookingSources
      .filter((s) => input.paymentMethod !== 'card' || s !== 'office')
      .map((code, i) => ({ id: i + 1, code, name: bookingSourceLabels[code] })),
    input,
  );

export async function taxLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: taxes.id, name: taxes.name, rateBp: taxes.rateBp, isDefault: taxes.isDefault })
    .from(taxes)
    .where(and(eq(taxes.companyId, ctx.session.companyId), eq(taxes.isActive, true)))
    .orderBy(desc(taxes.isDefault), asc(taxes.name));
  return inMemory(rows, input);
}

export async function vehicleTypeLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({
      id: vehicleTypes.id,
      name: vehicleTypes.name,
      maxPassengers: vehicleTypes.maxPassengers,
      maxLuggage: vehicleTypes.maxLuggage,
      imageKey: vehicleTypes.imageKey,
    })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.isActive, true)))
    .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.name));
  return inMemory(
    rows.map(({ imageKey, ...r }) => ({ ...r, imageUrl: ctx.services.files.url(imageKey) })),
    input,
  );
}

export async function tagLookup(ctx: Ctx, input: ListParams & { tagType?: string }) {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name, tagType: tags.tagType, colour: tags.colour })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, ctx.session.companyId),
        eq(tags.isActive, true),
        input.tagType ? eq(tags.tagType, input.tagType as 'driver') : undefined,
      ),
    )
    .orderBy(asc(tags.name));
  return inMemory(rows, input);
}

export async function zoneLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: zones.id, name: zones.name, colour: zones.colour })
    .from(zones)
    .where(and(eq(zones.companyId, ctx.session.companyId), eq(zones.isActive, true)))
    .orderBy(asc(zones.name));
  return inMemory(rows, input);
}

export async function pricingModelLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({
      id: pricingModels.id,
      name: pricingModels.name,
      mode: pricingModels.mode,
      isDefault: pricingModels.isDefault,
    })
    .from(pricingModels)
    .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.isActive, true)))
    .orderBy(desc(pricingModels.isDefault), asc(pricingModels.name));
  return inMemory(rows, input);
}

export async function defaultPricingModel(ctx: Ctx) {
  const [row] = await ctx.db
    .select({ id: pricingModels.id })
    .from(pricingModels)
    .where(
      and(
        eq(pricingModels.companyId, ctx.session.companyId),
        eq(pricingModels.isDefault, true),
        // The company default; a fixed table and an hourly model carry a default flag of their own role.
        inArray(pricingModels.mode, ['mileage', 'vehicle']),
      ),
    )
    .limit(1);
  return { pricingModelID: row?.id ?? 0 };
}

export async function expenseTypeLookup(ctx: Ctx, input: ListParams, onlyDriverApp = false) {
  const rows = await ctx.db
    .select({
      id: bookingExpenseTypes.id,
      name: bookingExpenseTypes.name,
      taxId: bookingExpenseTypes.taxId,
      taxName: taxes.name,
      taxRateBp: taxes.rateBp,
      defaultAmountMinor: bookingExpenseTypes.defaultAmountMinor,
      isAvailableInDriverApp: bookingExpenseTypes.isAvailableInDriverApp,
      requiresReceipt: bookingExpenseTypes.requiresReceipt,
      isActive: bookingExpenseTypes.isActive,
    })
    .from(bookingExpenseTypes)
    .leftJoin(taxes, eq(taxes.id, bookingExpenseTypes.taxId))
    .where(
      and(
        eq(bookingExpenseTypes.companyId, ctx.session.companyId),
        eq(bookingExpenseTypes.isActive, true),
        onlyDriverApp ? eq(bookingExpenseTypes.isAvailableInDriverApp, true) : undefined,
      ),
    )
    .orderBy(asc(bookingExpenseTypes.name));
  return inMemory(rows, input);
}

export async function expenseTypeTax(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ id: bookingExpenseTypes.id, taxId: bookingExpenseTypes.taxId, taxName: taxes.name, rateBp: taxes.rateBp })
    .from(bookingExpenseTypes)
    .leftJoin(taxes, eq(taxes.id, bookingExpenseTypes.taxId))
    .where(and(eq(bookingExpenseTypes.companyId, ctx.session.companyId), eq(bookingExpenseTypes.id, id)));
  return row ? { ...row, rateBp: row.rateBp ?? 0 } : null;
}

export async function upcomingExclusions(ctx: Ctx, input: ListParams) {
  const today = new Date().toISOString().slice(0, 10);
  const rows = await ctx.db
    .select({
      id: exclusions.id,
      name: exclusions.name,
      startDate: exclusions.startDate,
      endDate: exclusions.endDate,
      notes: exclusions.notes,
      isActive: exclusions.isActive,
    })
    .from(exclusions)
    .where(
      and(
        eq(exclusions.companyId, ctx.session.companyId),
        eq(exclusions.isActive, true),
        gte(exclusions.endDate, today),
      ),
    )
    .orderBy(asc(exclusions.startDate));
  return inMemory(rows, input);
}

export async function vendorLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: vendors.id, name: vendors.name, contactName: vendors.contactName, phone: vendors.phone })
    .from(vendors)
    .where(and(eq(vendors.companyId, ctx.session.companyId), eq(vendors.isActive, true)))
    .orderBy(asc(vendors.name));
  return inMemory(rows, input);
}

export async function yearSummary(ctx: Ctx, input: ListParams) {
  const year = sql<number>`extract(year from ${bookings.pickupAt})::int`;
  const rows = await ctx.db
    .select({
      id: year,
      bookings: count(),
      revenueMinor: sql<number>`coalesce(sum(${bookings.priceMinor}) filter (where ${bookings.status} in ('completed', 'no_show')), 0)::bigint`,
    })
    .from(bookings)
    .where(eq(bookings.companyId, ctx.session.companyId))
    .groupBy(year)
    .orderBy(desc(year));
  return inMemory(
    rows.map((r) => ({ ...r, name: String(r.id), revenueMinor: Number(r.revenueMinor) })),
    input,
  );
}
