import { Group, Stack, Text } from '@mantine/core';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { IconCalendarOff, IconMapPin, IconPolygon } from '@tabler/icons-react';
import { ActiveBadge, ColourName, DateRange, Dash, FixedBadge, OutlinePreview, Plain } from '../cells';
import { defineRegister } from '../register-types';

export const zones = defineRegister<CallOutput<'Zone/GetTableSummaryZones'>>({
  id: 'zones',
  icon: IconPolygon,
  subject: 'ReferenceData',
  calls: { list: 'Zone/GetTableSummaryZones', create: 'Zone/Create', update: 'Zone/Update', remove: 'Zone/Delete' },
  schema: schemas.zoneFields,
  wideForm: true,
  columns: [
    {
      accessor: 'polygon',
      title: '',
      width: 64,
      render: (r) => <OutlinePreview points={r.polygon} colour={r.colour} />,
    },
    {
      accessor: 'name',
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <ColourName colour={r.colour} name={r.name} />
          {r.description ? (
            <Text size="xs" c="dimmed" lineClamp={1} ps={24}>
              {r.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'priority', sortable: true, textAlign: 'right' },
    { accessor: 'id', title: 'points', textAlign: 'right', render: (r) => r.polygon.length },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80 },
    { name: 'colour', kind: 'colour', initial: '#1c7ed6' },
    { name: 'description', kind: 'textarea', maxLength: 300, wide: true },
    { name: 'priority', kind: 'number', min: 0, max: 100, initial: 0, help: 'priority' },
    { name: 'isActive', kind: 'switch', initial: true },
    { name: 'polygon', kind: 'polygon', required: true, wide: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
});

export const knownLocations = defineRegister<CallOutput<'KnownLocation/GetTableSummary'>>({
  id: 'known-locations',
  icon: IconMapPin,
  subject: 'ReferenceData',
  calls: {
    list: 'KnownLocation/GetTableSummary',
    create: 'KnownLocation/Create',
    update: 'KnownLocation/Update',
    remove: 'KnownLocation/Delete',
  },
  schema: schemas.knownLocationFields,
  wideForm: true,
  columns: [
    { accessor: 'name', sortable: true },
    {
      accessor: 'locationType',
      sortable: true,
      render: (r) => <FixedBadge list="locationType" code={r.locationType} />,
    },
    { accessor: 'address', render: (r) => <Plain text={r.address} /> },
    { accessor: 'postcode', sortable: true, render: (r) => <Plain text={r.postcode} /> },
    {
      accessor: 'lat',
      title: 'position',
      render: (r) =>
        r.lat !== null && r.lng !== null ? (
          <Group gap={4} wrap="nowrap">
            <Text size="xs" ff="monospace">
              {r.lat.toFixed(4)}, {r.lng.toFixed(4)}
            </Text>
          </Group>
        ) : (
          <Dash />
        ),
    },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 120 },
    { name: 'locationType', kind: 'fixed', list: 'locationType', initial: 'other' },
    { name: 'address', kind: 'text', required: true, maxLength: 300, wide: true },
    { name: 'postcode', kind: 'text', maxLength: 12 },
    { name: 'isActive', kind: 'switch', initial: true },
    { name: 'notes', kind: 'textarea', maxLength: 1000, wide: true },
    { name: 'lat', label: 'position', kind: 'point', lng: 'lng', wide: true },
  ],
  filters: [
    { name: 'isActive', kind: 'active' },
    { name: 'locationType', kind: 'fixed', list: 'locationType' },
  ],
  defaultSort: { column: 'name', direction: 'asc' },
  titleOf: (r) => r.name,
});

export const exclusions = defineRegister<CallOutput<'Exclusion/GetTableSummary'>>({
  id: 'exclusions',
  icon: IconCalendarOff,
  subject: 'ReferenceData',
  calls: {
    list: 'Exclusion/GetTableSummary',
    create: 'Exclusion/Create',
    update: 'Exclusion/Update',
    remove: 'Exclusion/Delete',
  },
  schema: schemas.exclusionFields,
  columns: [
    { accessor: 'name', sortable: true },
    {
      accessor: 'startDate',
      title: 'dates',
      sortable: true,
      render: (r) => <DateRange from={r.startDate} to={r.endDate} />,
    },
    { accessor: 'notes', render: (r) => <Plain text={r.notes} /> },
    { accessor: 'isActive', sortable: true, render: (r) => <ActiveBadge active={r.isActive} /> },
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 80, wide: true },
    { name: 'startDate', label: 'dates', kind: 'dateRange', end: 'endDate', required: true, wide: true },
    { name: 'notes', kind: 'textarea', maxLength: 500, wide: true },
    { name: 'isActive', kind: 'switch', initial: true },
  ],
  filters: [{ name: 'isActive', kind: 'active' }],
  defaultSort: { column: 'startDate', direction: 'asc' },
  titleOf: (r) => r.name,
});
