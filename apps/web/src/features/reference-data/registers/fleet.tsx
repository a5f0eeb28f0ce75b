import { Stack, Text } from '@mantine/core';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { IconCar, IconFileCertificate, IconTag } from '@tabler/icons-react';
import { ActiveBadge, Count, FixedBadge, Picture, Plain, TagBadge, YesNo } from '../cells';
import { defineRegister } from '../register-types';

export const vehicleTypes = defineRegister<CallOutput<'VehicleType/GetTableSummary'>>({
  id: 'vehicle-types',
  icon: IconCar,
  subject: 'ReferenceData',
  calls: {
    list: 'VehicleType/GetTableSummary',
    create: 'VehicleType/Create',
    update: 'VehicleType/Update',
    remove: 'VehicleType/Delete',
  },
  schema: schemas.vehicleTypeFields,
  picture: { call: 'VehicleType/UploadFile', urlField: 'imageUrl' },
  columns: [
    { accessor: 'imageUrl', title: '', width: 64, render: (r) => <Picture url={r.imageUrl} name={r.name} /> },
    {
      accessor: 'name',
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          {r.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {r.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'maxPassengers', sortable: true, textAlign: 'right' },
    { accessor: 'maxLuggage', sortable: true, textAlign: 'right' },
    { accessor: 'taxName', title: 'taxId', render: (r) => <Plain text={r.taxName} /> },
    { accessor: 'pricingModelName', title: 'pricingModelID', render: (r) => <Plain text={r.pricingModelName} /> },
    { accessor: 'sortOrder', sortable: true, textAlign: 'right' },
    { accessor: 'vehicleCount', sortable: true, textAlign: 'right', render: (r) => <Count n={r.vehicleCount} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 60 },
    { name: 'taxId', kind: 'lookup', call: 'Common/GetTaxList', help: 'vehicleTax' },
    { name: 'pricingModelID', kind: 'lookup', call: 'Common/GetPricingModalList', help: 'vehiclePricingModel' },
    { name: 'description', kind: 'textarea', maxLength: 300, wide: true },
    { name: 'maxPassengers', kind: 'number', min: 1, max: 60, required: true, initial: 4 },
    { name: 'maxLuggage', kind: 'number', min: 0, max: 60, required: true, initial: 2 },
    { name: 'sortOrder', kind: 'number', min: 0, max: 999, initial: 0, help: 'sortOrder' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'sortOrder', direction: 'asc' },
  titleOf: (r) => r.name,
  // Vehicles show their type.
  refreshes: ['Vehicle'],
});

export const documentTypes = defineRegister<CallOutput<'DocumentType/GetTableSummary'>>({
  id: 'document-types',
  icon: IconFileCertificate,
  subject: 'Document',
  calls: {
    list: 'DocumentType/GetTableSummary',
    create: 'DocumentType/Create',
    update: 'DocumentType/Update',
    remove: 'DocumentType/Delete',
  },
  schema: schemas.documentTypeFields,
  columns: [
    { accessor: 'name', sortable: true },
    { accessor: 'ownerType', sortable: true, render: (r) => <FixedBadge list="ownerType" code={r.ownerType} /> },
    { accessor: 'isMandatory', sortable: true, render: (r) => <YesNo value={r.isMandatory} /> },
    { accessor: 'hasExpiry', sortable: true, render: (r) => <YesNo value={r.hasExpiry} /> },
    { accessor: 'documentCount', sortable: true, textAlign: 'right', render: (r) => <Count n={r.documentCount} /> },
    { accessor: 'isActive', render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80 },
    { name: 'ownerType', kind: 'fixed', list: 'ownerType', required: true },
    { name: 'isMandatory', kind: 'switch', help: 'isMandatoryDocument' },
    { name: 'hasExpiry', kind: 'switch', initial: true, help: 'hasExpiry' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [
    { name: 'isActive', kind: 'active' },
    { name: 'ownerType', kind: 'fixed', list: 'ownerType' },
  ],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
});

export const tags = defineRegister<CallOutput<'Tag/GetTableSummary'>>({
  id: 'tags',
  icon: IconTag,
  subject: 'ReferenceData',
  calls: { list: 'Tag/GetTableSummary', create: 'Tag/Create', update: 'Tag/Update', remove: 'Tag/Delete' },
  schema: schemas.tagFields,
  columns: [
    {
      accessor: 'name',
      sortable: true,
      render: (r) => <TagBadge colour={r.colour} name={r.name} />,
    },
    { accessor: 'tagType', sortable: true, render: (r) => <FixedBadge list="tagType" code={r.tagType} /> },
    { accessor: 'usageCount', sortable: true, textAlign: 'right', render: (r) => <Count n={r.usageCount} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 60 },
    { name: 'tagType', kind: 'fixed', list: 'tagType', required: true },
    { name: 'colour', kind: 'colour', initial: '#228be6' },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [
    { name: 'isActive', kind: 'active' },
    { name: 'tagType', kind: 'fixed', list: 'tagType' },
  ],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
  // Tagged rows show their tags.
  refreshes: ['Driver', 'Vehicle', 'Client', 'Passenger'],
});
