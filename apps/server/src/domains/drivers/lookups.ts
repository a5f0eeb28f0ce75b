import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { labelOf, type ListParams } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, searchAny } from '../../platform/http/list';
import { users } from '../auth/schema';
import { driverPaymentModels } from '../pay-rules/schema';
import { inMemory } from '../reference-data/lookups';
import { tags } from '../reference-data/schema';
import { fullNameSql } from './list';
import { drivers, driverTypes } from './schema';

type Ctx = CallContext<Session>;

export async function driverTypeLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: driverTypes.id, name: driverTypes.name, defaultPaymentModelId: driverTypes.defaultPaymentModelId })
    .from(driverTypes)
    .where(and(eq(driverTypes.companyId, ctx.session.companyId), eq(driverTypes.isActive, true)))
    .orderBy(asc(driverTypes.name));
  return inMemory(rows, input);
}

export async function paymentModelLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({
      id: driverPaymentModels.id,
      name: driverPaymentModels.name,
      description: driverPaymentModels.description,
    })
    .from(driverPaymentModels)
    .where(and(eq(driverPaymentModels.companyId, ctx.session.companyId), eq(driverPaymentModels.isActive, true)))
    .orderBy(asc(driverPaymentModels.name));
  return inMemory(rows, input);
}

export async function driverTagLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name, colour: tags.colour })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.session.companyId), eq(tags.tagType, 'driver'), eq(tags.isActive, true)))
    .orderBy(asc(tags.name));
  return inMemory(rows, input);
}

const byName = [asc(drivers.firstName), asc(drivers.lastName), asc(drivers.id)];

/** Active drivers searched in the database (name and callsign), for the booking and dispatch pickers. */
async function activeDrivers(ctx: Ctx, input: ListParams, extra: SQL | undefined) {
  const where = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    searchAny(input.q, [fullNameSql, drivers.callsign]),
    extra,
  );
  const rows = await ctx.db
    .select({
      id: drivers.id,
      name: fullNameSql,
      callsign: drivers.callsign,
      availability: drivers.availability,
    })
    .from(drivers)
    .where(where)
    .orderBy(...byName);
  return listPage(input, {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  });
}

export async function driverLookup(ctx: Ctx, input: ListParams) {
  const page = await activeDrivers(ctx, input, undefined);
  const strip = (r: { id: number; name: string; callsign: string | null }) => ({
    id: r.id,
    name: r.name,
    callsign: r.callsign,
  });
  return { ...page, data: page.data.map(strip), allData: page.allData.map(strip) };
}

export async function driverSearchLookup(ctx: Ctx, input: ListParams & { availability?: number | undefined }) {
  const page = await activeDrivers(
    ctx,
    input,
    input.availability ? eq(drivers.availability, input.availability) : undefined,
  );
  const named = <R extends { availability: number }>(r: R) => ({
    ...r,
    availabilityName: labelOf('driverStatus', String(r.availability)),
  });
  return { ...page, data: page.data.map(named), allData: page.allData.map(named) };
}

/** Common/GetDriverUserList: active drivers that can sign in to the driver app. */
export async function driverUserLookup(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: drivers.id, name: fullNameSql, userId: users.id, email: users.email })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.isActive, true), isNotNull(drivers.userId)))
    .orderBy(...byName);
  return inMemory(rows, input);
}
