import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { driverShifts } from '../dispatch/schema';
import { daysUntil, documentStateSql } from '../documents/expiry';
import { companyToday, documentRank, missingTypesOf, stateOfRank } from '../documents/owner-documents';
import { documents, documentTypes } from '../documents/schema';
import { drivers } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';

type OwnerType = 'driver' | 'vehicle';

/** An owner's documents with their expiry state, by type name; the file by a signed address. */
async function documentsOf(ctx: Ctx, ownerType: OwnerType, ownerId: number, today: string) {
  const rows = await ctx.db
    .select({
      id: documents.id,
      documentTypeId: documents.documentTypeId,
      documentTypeName: documentTypes.name,
      isMandatory: documentTypes.isMandatory,
      reference: documents.reference,
      issueDate: documents.issueDate,
      expiryDate: documents.expiryDate,
      expiryState: documentStateSql(documents.expiryDate, documentTypes.hasExpiry, today),
      fileKey: documents.fileKey,
    })
    .from(documents)
    .innerJoin(
      documentTypes,
      and(eq(documentTypes.companyId, documents.companyId), eq(documentTypes.id, documents.documentTypeId)),
    )
    .where(
      and(
        eq(documents.companyId, ctx.session.companyId),
        eq(documents.ownerType, ownerType),
        eq(documents.ownerId, ownerId),
      ),
    )
    .orderBy(sql`lower(${documentTypes.name})`, desc(documents.expiryDate), documents.id);
  return rows.map(({ fileKey, ...r }) => ({
    ...r,
    daysToExpiry: r.expiryState === 'no_expiry' ? null : daysUntil(r.expiryDate, today),
    hasFile: fileKey !== null,
    fileUrl: ctx.services.files.url(fileKey),
  }));
}

/** The papers of one owner: the shared state rule (documentRank), its documents and the types it lacks. */
async function papersOf(
  ctx: Ctx,
  ownerType: OwnerType,
  owner: PgTable & { id: PgColumn; companyId: PgColumn },
  ownerId: number,
  today: string,
) {
  const [rank] = await ctx.db
    .select({ rank: documentRank(ownerType, owner, today) })
    .from(owner)
    .where(and(eq(owner.companyId, ctx.session.companyId), eq(owner.id, ownerId)));
  return {
    documentState: stateOfRank(rank?.rank ?? 1),
    documents: await documentsOf(ctx, ownerType, ownerId, today),
    missingTypes: await missingTypesOf(ctx, ownerType, ownerId),
  };
}

/** The vehicle of the driver's open shift, if the shift has one. */
async function shiftVehicleOf(ctx: Ctx, driverId: number) {
  const [row] = await ctx.db
    .select({ id: vehicles.id, registration: vehicles.registration })
    .from(driverShifts)
    .innerJoin(vehicles, and(eq(vehicles.companyId, driverShifts.companyId), eq(vehicles.id, driverShifts.vehicleId)))
    .where(
      and(
        eq(driverShifts.companyId, ctx.session.companyId),
        eq(driverShifts.driverId, driverId),
        isNull(driverShifts.endedAt),
        isNotNull(driverShifts.vehicleId),
      ),
    )
    .orderBy(desc(driverShifts.startedAt))
    .limit(1);
  return row ?? null;
}

/** Driver/GetDriverDocumentsDrvApp: the signed-in driver's papers and the shift vehicle's. */
export async function ownDocuments(ctx: Ctx) {
  const driverId = signedInDriverId(ctx);
  const today = await companyToday(ctx);
  const [driver] = await ctx.db
    .select({ firstName: drivers.firstName, lastName: drivers.lastName })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)));
  const vehicle = await shiftVehicleOf(ctx, driverId);
  return {
    driver: {
      id: driverId,
      name: driver ? `${driver.firstName} ${driver.lastName}` : '',
      ...(await papersOf(ctx, 'driver', drivers, driverId, today)),
    },
    vehicle: vehicle ? { ...vehicle, ...(await papersOf(ctx, 'vehicle', vehicles, vehicle.id, today)) } : null,
  };
}
