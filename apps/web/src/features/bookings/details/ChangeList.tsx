import { Table, Text } from '@mantine/core';
import { bookingStatuses, type BookingStatus } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import { fixedLabel } from '../../../ui/fixedLabel';
import { dateTime, money } from '../../../ui/format';
import type { HistoryChange } from '../api';

const moneyFields = new Set(['priceMinor', 'discountMinor', 'driverPriceMinor']);
const timeFields = new Set(['pickupAt', 'offerExpiresAt']);

/** A value of a before/after pair, as a person reads it (money, times and statuses in words). */
export function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (moneyFields.has(field) && typeof value === 'number') return money(value);
  if (timeFields.has(field) && typeof value === 'string') return dateTime(value);
  if (field === 'status' && bookingStatuses.includes(value as BookingStatus)) {
    return i18n.t(`bookings.status.${value as string}`);
  }
  if (field === 'paymentMethod' && typeof value === 'string') return fixedLabel('paymentMethod', value);
  if (typeof value === 'boolean') return value ? i18n.t('bookings.yes') : i18n.t('bookings.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields a change touched, each with its value before and after. */
export function ChangeList({ changes }: { changes: HistoryChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) return null;
  return (
    <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={2} mt={4} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">{t('bookings.history.field')}</Table.Th>
          <Table.Th>{t('bookings.history.before')}</Table.Th>
          <Table.Th>{t('bookings.history.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Td>{t(`bookings.historyField.${c.field}`, { defaultValue: c.label })}</Table.Td>
            <Table.Td>
              <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {showValue(c.field, c.before)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="xs" fw={500} style={{ wordBreak: 'break-word' }}>
                {showValue(c.field, c.after)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
