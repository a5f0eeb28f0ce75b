import { Badge, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverProfile } from './form-values';

/** Vehicles the driver owns (their own car), from the profile. */
export function DriverVehicles({ vehicles }: { vehicles: DriverProfile['vehicles'] }) {
  const { t } = useTranslation();
  if (!vehicles.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('drivers.vehicles.none')}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('drivers.vehicles.registration')}</Table.Th>
            <Table.Th>{t('drivers.vehicles.makeModel')}</Table.Th>
            <Table.Th>{t('drivers.vehicles.type')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vehicles.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td fw={600}>{v.registration}</Table.Td>
              <Table.Td>{[v.make, v.model].filter(Boolean).join(' ') || '—'}</Table.Td>
              <Table.Td>{v.vehicleTypeName}</Table.Td>
              <Table.Td>
                {v.isActive ? null : (
                  <Badge color="gray" variant="outline">
                    {t('form.inactive')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
