import { and, asc, eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { users } from '../auth/schema';
import { driverPaymentModels } from '../pay-rules/schema';
import { tagsOf } from '../reference-data/entity-tags';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { companyToday, missingTypesOf } from '../documents/owner-documents';
import { rowColumns, toRow } from './list';
import { drivers, driverTypes, vendors } from './schema';

type Ctx = CallContext<Session>;
export type DriverProfile = z.output<typeof schemas.driverProfile>;

/** The driver of the caller's company, or 404 (another company's driver does not exist for it). */
export async function driverOf(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, id)));
  if (!row) throw notFound(`Driver ${id}`);
  return row;
}

/** Driver/GetTableSummaryDriver: the list row plus every field, the owned vehicles and missing documents. */
export async function driverProfile(ctx: Ctx, id: number): Promise<DriverProfile> {
  const today = await companyToday(ctx);
  const [raw] = await ctx.db
    .select({
      ...rowColumns(today),
      address: drivers.address,
      postcode: drivers.postcode,
      dateOfBirth: drivers.dateOfBirth,
      nationality: drivers.nationality,
      licenceNumber: drivers.licenceNumber,
      bankAccountName: drivers.bankAccountName,
      bankSortCode: drivers.bankSortCode,
      bankAccountNumber: drivers.bankAccountNumber,
      defaultPaymentModelId: drivers.defaultPaymentModelId,
      defaultPaymentModelName: driverPaymentModels.name,
      notes: drivers.notes,
      appEmail: users.email,
      createdAt: drivers.createdAt,
    })
    .from(drivers)
    .leftJoin(driverTypes, eq(driverTypes.id, drivers.driverTypeId))
    .leftJoin(vendors, eq(vendors.id, drivers.vendorId))
    .leftJoin(driverPaymentModels, eq(driverPaymentModels.id, drivers.defaultPaymentModelId))
    .leftJoin(users, eq(users.id, drivers.userId))
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, id)));
  if (!raw) throw notFound(`Driver ${id}`);
  const [tags, owned, missing] = await Promise.all([
    tagsOf(ctx, 'driver', [id]),
    ctx.db
      .select({
        id: vehicles.id,
        registration: vehicles.registration,
        make: vehicles.make,
        model: vehicles.model,
        vehicleTypeName: vehicleTypes.name,
        isActive: vehicles.isActive,
      })
      .from(vehicles)
      .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
      .where(and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.ownerDriverId, id)))
      .orderBy(asc(vehicles.registration)),
    missingTypesOf(ctx, 'driver', id),
  ]);
  const { bankAccountNumber, createdAt, ...rest } = raw;
  return {
    ...toRow(ctx, rest, tags.get(id) ?? []),
    address: rest.address,
    postcode: rest.postcode,
    dateOfBirth: rest.dateOfBirth,
    nationality: rest.nationality,
    licenceNumber: rest.licenceNumber,
    bankAccountName: rest.bankAccountName,
    bankSortCode: rest.bankSortCode,
    bankAccountNumberLast4: bankAccountNumber ? bankAccountNumber.slice(-4) : null,
    defaultPaymentModelId: rest.defaultPaymentModelId,
    defaultPaymentModelName: rest.defaultPaymentModelName,
    notes: rest.notes,
    userId: rest.userId,
    appEmail: rest.appEmail,
    createdAt: createdAt.toISOString(),
    vehicles: owned,
    missingDocumentTypes: missing,
  };
}
