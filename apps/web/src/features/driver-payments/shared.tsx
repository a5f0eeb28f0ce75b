import { Badge, Text } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { addDays, companyToday, wallToIso } from '../../ui/date-entry';
import { money } from '../../ui/format';

export type StatementRow = CallOutput<'DrvrPayment/GetGeneratedPayments'>;
export type StatementStatus = StatementRow['status'];
export type Statement = CallOutput<'DrvrPayment/GetGeneratedPaymentsViews'>;

/** Statuses in which a statement still changes (the server answers 409 after). */
export const isOpen = (s: { status: StatementStatus }) => s.status === 'generated' || s.status === 'attention';

const statusColour: Record<StatementStatus, string> = {
  generated: 'gray',
  attention: 'orange',
  approved: 'blue',
  settled: 'teal',
};

export function StatusBadge({ status }: { status: StatementStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour[status]} variant="dot">
      {t(`driver-payments.status.${status}`)}
    </Badge>
  );
}

/** A statement's name: its number once approved, else its id. */
export const useStatementName = () => {
  const { t } = useTranslation();
  return (s: { id: number; statementNo: string | null }) => s.statementNo ?? t('driver-payments.draftNo', { id: s.id });
};

/** Which way the money goes, in words: the sign of a net is never left for the reader to decode. */
export function NetText({ netMinor, size }: { netMinor: number; size?: string }) {
  const { t } = useTranslation();
  const words =
    netMinor > 0
      ? t('driver-payments.wePay', { amount: money(netMinor) })
      : netMinor < 0
        ? t('driver-payments.driverOwes', { amount: money(-netMinor) })
        : t('driver-payments.nothingDue');
  return (
    <Text size={size ?? 'sm'} fw={600} c={netMinor < 0 ? 'red.9' : undefined} component="span">
      {words}
    </Text>
  );
}

/**
 * The last whole week (Monday to Sunday) on the company's calendar: drivers are most often paid weekly
 * for the week just gone.
 */
export function lastWeek(today = companyToday()): { fromDate: string; toDate: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const sunday = addDays(today, -(weekday === 0 ? 7 : weekday));
  return { fromDate: addDays(sunday, -6), toDate: sunday };
}

/** Typed money with an optional sign ("-2.50"), two decimals at most. */
export const SIGNED_MONEY = /^\s*-?\d+([.,]\d{0,2})?\s*$/;

/** A paid day typed in a form as the instant sent: today is now, another day is its noon on the company's clock. */
export function paidAtOf(day: string): string | undefined {
  if (!day) return undefined;
  return day === companyToday() ? new Date().toISOString() : wallToIso(`${day} 12:00`);
}

/** Splits ids into calls of at most `size` (the server takes 1–200 statements at once). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
