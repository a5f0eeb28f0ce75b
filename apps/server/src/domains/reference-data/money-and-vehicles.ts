import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { audited } from '../audit/record';
import { crudHandlers } from '../../platform/http/crud';
import { fieldError, notFound } from '../../platform/http/errors';
import { pricingModels } from '../pricing/schema';
import { documents, documentTypes } from '../documents/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { activeIs } from './driver-and-client-types';
import { bookingExpenseTypes, discountCodes, taxes } from './schema';

export const expenseTypeRegister = crudHandlers({
  table: bookingExpenseTypes,
  noun: 'Booking expense type',
  trace: audited('expense_type'),
  query: (db: Db) =>
    db
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
      .$dynamic(),
  toRow: (r) => r,
  sortable: {
    name: bookingExpenseTypes.name,
    taxName: taxes.name,
    defaultAmountMinor: bookingExpenseTypes.defaultAmountMinor,
    isActive: bookingExpenseTypes.isActive,
  },
  defaultSort: { column: 'name', type: 'asc' },
  search: [bookingExpenseTypes.name],
  filters: activeIs(bookingExpenseTypes.isActive),
  values: (input: z.output<typeof schemas.bookingExpenseTypeFields>) => ({
    ...input,
    defaultAmountMinor: input.defaultAmountMinor ?? null,
  }),
});

export const discountCodeRegister = crudHandlers({
  table: discountCodes,
  noun: 'Discount code',
  trace: audited('discount_code'),
  query: (db: Db) =>
    db
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        description: discountCodes.description,
        discountType: discountCodes.discountType,
        percentBp: discountCodes.percentBp,
        amountMinor: discountCodes.amountMinor,
        validFrom: discountCodes.validFrom,
        validTo: discountCodes.validTo,
        maxUses: discountCodes.maxUses,
        usedCount: discountCodes.usedCount,
        isActive: discountCodes.isActive,
      })
      .from(discountCodes)
      .$dynamic(),
  toRow: (r) => r,
  sortable: {
    code: discountCodes.code,
    validFrom: discountCodes.validFrom,
    validTo: discountCodes.validTo,
    usedCount: discountCodes.usedCount,
    isActive: discountCodes.isActive,
  },
  defaultSort: { column: 'code', type: 'asc' },
  search: [discountCodes.code, discountCodes.description],
  filters: activeIs(discountCodes.isActive),
  values: (input: z.output<typeof schemas.discountCodeFields>) => ({
    ...input,
    description: input.description || null,
    percentBp: input.discountType === 'percent' ? (input.percentBp ?? null) : null,
    amountMinor: input.discountType === 'amount' ? (input.amountMinor ?? null) : null,
    validFrom: input.validFrom ?? null,
    validTo: input.validTo ?? null,
    maxUses: input.maxUses ?? null,
  }),
});

const vehicleCount = sql<number>`(select count(*)::int from ${vehicles} v where v.company_id = ${vehicleTypes}.company_id and v.vehicle_type_id = ${vehicleTypes}.id)`;

export const vehicleTypeRegister = crudHandlers({
  table: vehicleTypes,
  noun: 'Vehicle type',
  trace: audited('vehicle_type'),
  query: (db: Db) =>
    db
      .select({
        id: vehicleTypes.id,
        name: vehicleTypes.name,
        description: vehicleTypes.description,
        maxPassengers: vehicleTypes.maxPassengers,
        maxLuggage: vehicleTypes.maxLuggage,
        sortOrder: vehicleTypes.sortOrder,
        taxId: vehicleTypes.taxId,
        taxName: taxes.name,
        pricingModelId: vehicleTypes.pricingModelId,
        pricingModelName: pricingModels.name,
        imageKey: vehicleTypes.imageKey,
        isActive: vehicleTypes.isActive,
        vehicleCount,
      })
      .from(vehicleTypes)
      .leftJoin(taxes, eq(taxes.id, vehicleTypes.taxId))
      .leftJoin(
        pricingModels,
        and(eq(pricingModels.companyId, vehicleTypes.companyId), eq(pricingModels.id, vehicleTypes.pricingModelId)),
      )
      .$dynamic(),
  toRow: ({ imageKey, pricingModelId, ...r }, ctx) => ({
    ...r,
    pricingModelID: pricingModelId ?? 0,
    imageUrl: ctx.services.files.url(imageKey),
  }),
  sortable: {
    name: vehicleTypes.name,
    sortOrder: vehicleTypes.sortOrder,
    maxPassengers: vehicleTypes.maxPassengers,
    maxLuggage: vehicleTypes.maxLuggage,
    vehicleCount,
    isActive: vehicleTypes.isActive,
  },
  defaultSort: { column: 'sortOrder', type: 'asc' },
  search: [vehicleTypes.name, vehicleTypes.description],
  filters: activeIs(vehicleTypes.isActive),
  values: async ({ pricingModelID, ...input }: z.output<typeof schemas.vehicleTypeFields>, ctx) => {
    if (pricingModelID) {
      const [model] = await ctx.db
        .select({ id: pricingModels.id, version: pricingModels.currentVersion })
        .from(pricingModels)
        .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, pricingModelID)));
      if (!model) throw notFound(`Pricing model ${pricingModelID}`);
      if (model.version === null) throw fieldError('pricingModelID', 'has no rules yet; save its rules first');
    }
    return { ...input, pricingModelId: pricingModelID, description: input.description || null };
  },
});

const documentCount = sql<number>`(select count(*)::int from ${documents} d where d.company_id = ${documentTypes}.company_id and d.document_type_id = ${documentTypes}.id)`;

export const documentTypeRegister = crudHandlers({
  table: documentTypes,
  noun: 'Document type',
  trace: audited('document_type'),
  query: (db: Db) =>
    db
      .select({
        id: documentTypes.id,
        name: documentTypes.name,
        ownerType: documentTypes.ownerType,
        isMandatory: documentTypes.isMandatory,
        hasExpiry: documentTypes.hasExpiry,
        isActive: documentTypes.isActive,
        documentCount,
      })
      .from(documentTypes)
      .$dynamic(),
  toRow: (r) => r,
  sortable: {
    name: documentTypes.name,
    ownerType: documentTypes.ownerType,
    isMandatory: documentTypes.isMandatory,
    hasExpiry: documentTypes.hasExpiry,
    documentCount,
  },
  defaultSort: { column: 'name', type: 'asc' },
  search: [documentTypes.name],
  filters: (input) => [
    ...activeIs(documentTypes.isActive)(input),
    input.ownerType ? eq(documentTypes.ownerType, input.ownerType as 'driver') : undefined,
  ],
  values: (input: z.output<typeof schemas.documentTypeFields>) => input,
});
