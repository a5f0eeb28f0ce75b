import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CallInput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall } from '../../api/hooks';
import { ExportButton } from '../../ui/ExportButton';
import { money } from '../../ui/format';
import { topAndBottom } from './filter';
import { moneyColumn, type ReportColumn, ReportTable, useReportSort } from './ReportTable';

type Row = z.output<typeof schemas.entityReportRow>;
type DriverRow = z.output<typeof schemas.driverReportRow>;
type AnyRow = Row & Partial<DriverRow>;

export type EntityReport = 'client' | 'driver' | 'passenger' | 'vehicleType';

export const entityCalls = {
  client: 'Reports/GetReportsDataClient',
  driver: 'Reports/GetReportsDataDriver',
  passenger: 'Reports/GetReportsDataPassenger',
  vehicleType: 'Reports/GetReportsDataVehicleType',
} as const;

/** The filter field a row's id narrows the bookings by, for the drill-down. */
export const drillField = {
  client: 'clientID',
  driver: 'driverID',
  passenger: 'passengerID',
  vehicleType: 'vehicletypeID',
} as const;

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)} %`);

/** One row per client, driver, passenger or vehicle type, with totals, top and bottom tens and export. */
export function EntityTab({
  report,
  input,
  currency,
  onDrill,
}: {
  report: EntityReport;
  input: CallInput<'Reports/GetReportsDataBookingsTotals'>;
  currency: string;
  onDrill: (id: number, name: string) => void;
}) {
  const { t } = useTranslation();
  const sorting = useReportSort({ column: 'revenue', direction: 'desc' });
  const call = entityCalls[report];
  const listInput = { ...input, ...sorting.query, perPage: 25 };
  const res = useCall(call, listInput as CallInput<typeof call>);
  const body = res.data as { data: AnyRow[]; allData: AnyRow[]; total: number; totals?: AnyRow } | undefined;
  const totals = body?.totals;
  const noun = t(`reports.noun.${report}`);
  const columns: ReportColumn<AnyRow>[] = [
    { key: 'name', label: noun, sortBy: 'name', cell: (r) => r.name },
    {
      key: 'bookings',
      label: t('reports.col.bookings'),
      numeric: true,
      sortBy: 'bookings',
      cell: (r) => (
        <Anchor
          component="button"
          type="button"
          onClick={() => onDrill(r.id, r.name)}
          aria-label={t('reports.drill', { count: r.bookings, name: r.name })}
        >
          {r.bookings}
        </Anchor>
      ),
      total: totals?.bookings,
    },
    {
      key: 'done',
      label: t('reports.col.done'),
      numeric: true,
      sortBy: 'done',
      cell: (r) => r.done,
      total: totals?.done,
    },
    {
      key: 'lost',
      label: t('reports.col.lost'),
      numeric: true,
      sortBy: 'lost',
      cell: (r) => r.lost,
      total: totals?.lost,
    },
    moneyColumn(
      'revenue',
      t('reports.col.revenue'),
      (r) => r.revenueMinor,
      totals ? totals.revenueMinor : false,
      currency,
      'revenue',
    ),
    moneyColumn(
      'averageFare',
      t('reports.col.averageFare'),
      (r) => r.averageFareMinor,
      totals ? totals.averageFareMinor : false,
      currency,
      'averageFare',
    ),
    {
      key: 'onTime',
      label: t('reports.kpi.onTime'),
      numeric: true,
      sortBy: 'onTimePercent',
      cell: (r) => pct(r.onTimePercent),
      total: pct(totals?.onTimePercent),
    },
  ];
  if (report === 'driver') {
    columns.push(
      {
        key: 'shiftHours',
        label: t('reports.col.shiftHours'),
        numeric: true,
        sortBy: 'shiftHours',
        cell: (r) => r.shiftHours,
        total: totals?.shiftHours,
      },
      {
        key: 'utilisation',
        label: t('reports.kpi.utilisation'),
        numeric: true,
        sortBy: 'utilisationPercent',
        cell: (r) => pct(r.utilisationPercent),
        total: pct(totals?.utilisationPercent),
      },
      moneyColumn(
        'perHour',
        t('reports.kpi.revenuePerShiftHour'),
        (r) => r.revenuePerShiftHourMinor,
        totals ? (totals.revenuePerShiftHourMinor ?? null) : false,
        currency,
        'revenuePerShiftHour',
      ),
      {
        key: 'acceptance',
        label: t('reports.kpi.offerAcceptance'),
        numeric: true,
        sortBy: 'offerAcceptancePercent',
        cell: (r) => pct(r.offerAcceptancePercent),
        total: pct(totals?.offerAcceptancePercent),
      },
      {
        key: 'deadMileage',
        label: t('reports.kpi.deadMileage'),
        numeric: true,
        cell: (r) => pct(r.deadMileagePercent),
        total: pct(totals?.deadMileagePercent),
      },
    );
  }
  const ranked = body?.allData.length ? topAndBottom(body.allData) : null;
  return (
    <Stack gap="md">
      <ExportButton call={call} input={input} pdfTitle={t('reports.tableOf', { noun })} />
      <ReportTable
        caption={t('reports.tableOf', { noun })}
        columns={columns}
        rows={body?.data}
        loading={res.isFetching}
        error={res.error}
        pages={body?.total ?? 0}
        view={sorting}
      />
      {ranked && ranked.top.length > 1 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Ranked title={t('reports.top', { noun })} rows={ranked.top} currency={currency} />
          {ranked.bottom.length ? (
            <Ranked title={t('reports.bottom', { noun })} rows={ranked.bottom} currency={currency} />
          ) : null}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function Ranked({ title, rows, currency }: { title: string; rows: AnyRow[]; currency: string }) {
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.revenueMinor)));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td w="40%">
                <div
                  aria-hidden
                  style={{
                    background: 'var(--mantine-color-blue-7)',
                    height: 8,
                    width: `${(Math.abs(r.revenueMinor) / max) * 100}%`,
                  }}
                />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{money(r.revenueMinor, currency)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
