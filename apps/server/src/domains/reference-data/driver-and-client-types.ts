import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { audited } from '../audit/record';
import { crudHandlers } from '../../platform/http/crud';
import { clients, clientReferenceTypes, clientReferences, clientTypes } from '../clients/schema';
import { drivers, driverTypes } from '../drivers/schema';
import { driverPaymentModels } from '../pay-rules/schema';

export const activeIs = (column: AnyColumn) => (input: Record<string, unknown>) => [
  input.isActive === undefined ? undefined : eq(column, input.isActive as boolean),
];

/*
 * The listed table is named in full inside these counts: a bare column of a single-table query is
 * printed unqualified, and the subquery would then compare the counted table with itself.
 */
const driverCount = sql<number>`(select count(*)::int from ${drivers} d where d.company_id = ${driverTypes}.company_id and d.driver_type_id = ${driverTypes}.id)`;

export const driverTypeRegister = crudHandlers({
  table: driverTypes,
  noun: 'Driver type',
  trace: audited('driver_type'),
  query: (db: Db) =>
    db
      .select({
        id: driverTypes.id,
        name: driverTypes.name,
        defaultPaymentModelId: driverTypes.defaultPaymentModelId,
        defaultPaymentModelName: driverPaymentModels.name,
        isActive: driverTypes.isActive,
        driverCount,
      })
      .from(driverTypes)
      .leftJoin(driverPaymentModels, eq(driverPaymentModels.id, driverTypes.defaultPaymentModelId))
      .$dynamic(),
  toRow: (r) => r,
  sortable: { name: driverTypes.name, isActive: driverTypes.isActive, driverCount },
  defaultSort: { column: 'name', type: 'asc' },
  search: [driverTypes.name],
  filters: activeIs(driverTypes.isActive),
  values: (input: z.output<typeof schemas.driverTypeFields>) => input,
});

const clientCount = sql<number>`(select count(*)::int from ${clients} c where c.company_id = ${clientTypes}.company_id and c.client_type_id = ${clientTypes}.id)`;

export const clientTypeRegister = crudHandlers({
  table: clientTypes,
  noun: 'Client type',
  trace: audited('client_type'),
  query: (db: Db) =>
    db
      .select({ id: clientTypes.id, name: clientTypes.name, isActive: clientTypes.isActive, clientCount })
      .from(clientTypes)
      .$dynamic(),
  toRow: (r) => r,
  sortable: { name: clientTypes.name, isActive: clientTypes.isActive, clientCount },
  defaultSort: { column: 'name', type: 'asc' },
  search: [clientTypes.name],
  filters: activeIs(clientTypes.isActive),
  values: (input: z.output<typeof schemas.clientTypeFields>) => input,
});

export const clientReferenceRegister = crudHandlers({
  table: clientReferences,
  noun: 'Client reference',
  trace: audited('client_reference'),
  query: (db: Db) =>
    db
      .select({
        id: clientReferences.id,
        clientId: clientReferences.clientId,
        clientName: clients.name,
        referenceTypeId: clientReferences.referenceTypeId,
        referenceTypeName: clientReferenceTypes.name,
        label: clientReferences.label,
        isMandatory: clientReferences.isMandatory,
        isActive: clientReferences.isActive,
      })
      .from(clientReferences)
      .innerJoin(clients, eq(clients.id, clientReferences.clientId))
      .innerJoin(clientReferenceTypes, eq(clientReferenceTypes.id, clientReferences.referenceTypeId))
      .$dynamic(),
  toRow: (r) => r,
  sortable: {
    label: clientReferences.label,
    clientName: clients.name,
    referenceTypeName: clientReferenceTypes.name,
    isMandatory: clientReferences.isMandatory,
  },
  defaultSort: { column: 'clientName', type: 'asc' },
  search: [clientReferences.label, clients.name],
  filters: (input) => [
    ...activeIs(clientReferences.isActive)(input),
    input.clientId ? eq(clientReferences.clientId, input.clientId as number) : undefined,
  ],
  values: (input: z.output<typeof schemas.clientReferenceFields>) => input,
});
