import { type CallOutput, schemas } from '@cabdesk/contract';
import { IconBuildingSkyscraper, IconId, IconSteeringWheel } from '@tabler/icons-react';
import { ActiveBadge, Count, Plain, YesNo } from '../cells';
import { defineRegister, otherDomainLookup } from '../register-types';

export const driverTypes = defineRegister<CallOutput<'DriverType/GetTableSummary'>>({
  id: 'driver-types',
  icon: IconSteeringWheel,
  subject: 'ReferenceData',
  calls: {
    list: 'DriverType/GetTableSummary',
    create: 'DriverType/Create',
    update: 'DriverType/Update',
    remove: 'DriverType/Delete',
  },
  schema: schemas.driverTypeFields,
  columns: [
    { accessor: 'name', sortable: true },
    {
      accessor: 'defaultPaymentModelName',
      title: 'defaultPaymentModelId',
      render: (r) => <Plain text={r.defaultPaymentModelName} />,
    },
    { accessor: 'driverCount', sortable: true, textAlign: 'right', render: (r) => <Count n={r.driverCount} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80 },
    {
      name: 'defaultPaymentModelId',
      kind: 'lookup',
      call: otherDomainLookup('Driver/GetDefaultPaymentModelList'),
      help: 'defaultPaymentModelId',
    },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
  // Drivers show their type.
  refreshes: ['Driver'],
});

export const clientTypes = defineRegister<CallOutput<'ClientType/GetTableSummary'>>({
  id: 'client-types',
  icon: IconBuildingSkyscraper,
  subject: 'ReferenceData',
  calls: {
    list: 'ClientType/GetTableSummary',
    create: 'ClientType/Create',
    update: 'ClientType/Update',
    remove: 'ClientType/Delete',
  },
  schema: schemas.clientTypeFields,
  columns: [
    { accessor: 'name', sortable: true },
    { accessor: 'clientCount', sortable: true, textAlign: 'right', render: (r) => <Count n={r.clientCount} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80 },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
  // Clients show their type.
  refreshes: ['Client'],
});

export const clientReferences = defineRegister<CallOutput<'ClientReference/GetTableSummary'>>({
  id: 'client-references',
  icon: IconId,
  subject: 'ReferenceData',
  calls: {
    list: 'ClientReference/GetTableSummary',
    create: 'ClientReference/Create',
    update: 'ClientReference/Update',
    remove: 'ClientReference/Delete',
  },
  schema: schemas.clientReferenceFields,
  columns: [
    { accessor: 'label', sortable: true },
    { accessor: 'clientName', title: 'clientId', sortable: true },
    { accessor: 'referenceTypeName', title: 'referenceTypeId', sortable: true },
    { accessor: 'isMandatory', sortable: true, render: (r) => <YesNo value={r.isMandatory} /> },
    { accessor: 'isActive', render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'clientId', kind: 'lookup', call: otherDomainLookup('Common/GetClientList'), required: true },
    {
      name: 'referenceTypeId',
      kind: 'lookup',
      call: otherDomainLookup('Client/GetRefClientReferenceTypeList'),
      required: true,
    },
    { name: 'label', kind: 'text', required: true, maxLength: 80, help: 'label' },
    { name: 'isMandatory', kind: 'switch', help: 'isMandatoryReference' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [
    { name: 'isActive', kind: 'active' },
    { name: 'clientId', kind: 'lookup', call: otherDomainLookup('Common/GetClientList'), label: 'clientId' },
  ],
  defaultSort: { column: 'clientName', direction: 'asc' },
  titleOf: (r) => `${r.label} (${r.clientName})`,
});
