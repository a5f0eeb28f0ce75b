import { Anchor, Stack } from '@mantine/core';
import type { CallInput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCall } from '../../api/hooks';
import { ExportButton } from '../../ui/ExportButton';
import { dateTime } from '../../ui/format';
import { moneyColumn, type ReportColumn, ReportTable, useReportSort } from './ReportTable';

type Row = z.output<typeof schemas.bookingReportRow>;
type Totals = z.output<typeof schemas.bookingReportTotals>;

/** The bookings of the filter with their money; each opens its booking. */
export function BookingsTab({
  input,
  currency,
}: {
  input: CallInput<'Reports/GetReportsDataBookingsTotals'>;
  currency: string;
}) {
  const { t } = useTranslation();
  const sorting = useReportSort({ column: 'pickupAt', direction: 'desc' });
  const res = useCall('Reports/GetReportsDataBooking', {
    ...input,
    ...sorting.query,
    sortColumn: sorting.sort.column as 'pickupAt',
    perPage: 25,
  });
  const body = res.data as (typeof res.data & { totals?: Totals }) | undefined;
  const totals = body?.totals;
  const columns: ReportColumn<Row>[] = [
    {
      key: 'number',
      label: t('reports.col.booking'),
      sortBy: 'id',
      cell: (r) => (
        <Anchor component={Link} to={`/bookings/${r.id}`}>
          {r.bookingNumber}
        </Anchor>
      ),
    },
    {
      key: 'pickupAt',
      label: t('reports.col.pickupAt'),
      sortBy: 'pickupAt',
      cell: (r) => dateTime(r.pickupAt),
      total: totals?.bookings,
    },
    { key: 'status', label: t('reports.status'), sortBy: 'status', cell: (r) => r.statusLabel },
    { key: 'client', label: t('reports.client'), sortBy: 'clientName', cell: (r) => r.clientName ?? '—' },
    {
      key: 'passenger',
      label: t('reports.noun.passenger'),
      sortBy: 'passengerName',
      cell: (r) => r.passengerName ?? '—',
    },
    { key: 'driver', label: t('reports.driver'), sortBy: 'driverName', cell: (r) => r.driverName ?? '—' },
    { key: 'vehicleType', label: t('reports.vehicleType'), cell: (r) => r.vehicleTypeName ?? '—' },
    moneyColumn(
      'price',
      t('reports.col.price'),
      (r) => r.priceMinor,
      totals ? totals.amountMinor : false,
      currency,
      'price',
    ),
    moneyColumn(
      'driverPay',
      t('reports.col.driverPay'),
      (r) => r.driverPayMinor,
      totals ? totals.driverPayMinor : false,
      currency,
    ),
  ];
  return (
    <Stack gap="md">
      <ExportButton call="Reports/GetReportsDataBooking" input={input} pdfTitle={t('reports.tableOfBookings')} />
      <ReportTable
        caption={t('reports.tableOfBookings')}
        columns={columns}
        rows={body?.data}
        loading={res.isFetching}
        error={res.error}
        pages={body?.total ?? 0}
        view={sorting}
      />
    </Stack>
  );
}
