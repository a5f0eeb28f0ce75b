import { Badge, Group, Table, Text } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { count, dateTime, money } from '../../ui/format';
import { Panel } from './Panel';

const ageColour = (days: number) => (days > 30 ? 'red' : days > 7 ? 'orange' : 'gray');

/** Completed bookings still unpaid: the total outstanding and the oldest ones. */
export function PendingPaymentsPanel({ filters }: { filters: CallInput<'Dashboard/GetPendingBookingPayments'> }) {
  const { t } = useTranslation();
  const pending = useCall('Dashboard/GetPendingBookingPayments', filters);
  return (
    <Panel title={t('dashboard.pending')} query={pending} testId="panel-pending">
      {(p) => (
        <>
          <Group gap="xl" mb="sm">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('dashboard.outstanding')}
              </Text>
              <Text fw={700} size="xl" data-testid="pending-total">
                {money(p.totalMinor, p.currency)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('dashboard.unpaidBookings')}
              </Text>
              <Text fw={700} size="xl">
                {count(p.count)}
              </Text>
            </div>
          </Group>
          {p.rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboard.nothingPending')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520} mah={300}>
              <Table verticalSpacing={4} fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>{t('dashboard.pickup')}</Table.Th>
                    <Table.Th>{t('dashboard.customer')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.price')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.outstandingFor')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.id}</Table.Td>
                      <Table.Td>{dateTime(r.pickupAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.clientName ?? r.passengerName ?? '—'}</Text>
                        {r.clientName && r.passengerName ? (
                          <Text size="xs" c="dimmed">
                            {r.passengerName}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{money(r.priceMinor, r.currency)}</Table.Td>
                      <Table.Td ta="right">
                        <Badge variant="light" color={ageColour(r.daysOutstanding)}>
                          {t('dashboard.days', { count: r.daysOutstanding })}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Panel>
  );
}
