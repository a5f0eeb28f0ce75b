import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@cabdesk/contract';
import { format } from '@cabdesk/money';
import { useTranslation } from 'react-i18next';

/** Minor units in the invoice's currency, through the one money formatter. */
export const moneyOf = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '—' : format({ minor, currency });

const statusColour: Record<InvoiceStatus, string> = {
  draft: 'gray',
  approved: 'blue',
  sent: 'indigo',
  part_paid: 'yellow',
  paid: 'teal',
  cancelled: 'red',
};

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColour[status]} variant="dot">
      {t(`invoicing.status.${status}`)}
    </Badge>
  );
}

/** A company day as YYYY-MM-DD, for the period fields. */
export const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Last month: what the period fields open on (invoices are made for a past period). */
export function lastMonth(): { fromDate: string; toDate: string } {
  const now = new Date();
  return {
    fromDate: isoDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
    toDate: isoDay(new Date(now.getFullYear(), now.getMonth(), 0)),
  };
}
