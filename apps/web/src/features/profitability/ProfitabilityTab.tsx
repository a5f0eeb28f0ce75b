import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { moneyOf } from '../payments/finance/shared';
import { bookingsLink, type Period } from './periods';
import { ProfitChart } from './ProfitChart';
import type { ProfitabilityAnswer, ProfitabilityRow } from './types';

export type Tab = 'client' | 'driver' | 'vehicle';

/** A loss in red that reads on either theme: 4.5:1 or more on the striped rows of both (red 8 was 4.3:1 on light grey). */
const LOSS = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

const calls = {
  client: 'Profitability/GetClientProfitability',
  driver: 'Profitability/GetDriverProfitability',
  vehicle: 'Profitability/GetVehicleProfitability',
} as const;

type Figure =
  'bookings' | 'cmpbookings' | 'invbookings' | 'ftrbookings' | 'revenue' | 'driverPay' | 'expenses' | 'prfamount';
const counts: Figure[] = ['bookings', 'cmpbookings', 'invbookings', 'ftrbookings'];
const moneyFigures: Figure[] = ['revenue', 'driverPay', 'expenses', 'prfamount'];

/** One tab: the table with its totals, the top and bottom tens, the reconciliation in words. */
export function ProfitabilityTab({
  tab,
  period,
  ready,
  paymentMethodID,
}: {
  tab: Tab;
  period: Period;
  ready: boolean;
  paymentMethodID?: string | undefined;
}) {
  const { t } = useTranslation();
  const list = useListState({ column: 'prfamount', direction: 'desc' });
  const input = {
    ...list.query,
    sortColumn: list.query.sortColumn as 'prfamount',
    ...period,
    ...(paymentMethodID ? { paymentMethodID: paymentMethodID as 'cash' } : {}),
  };
  const result = useCall(calls[tab], input, { enabled: ready });
  const answer = result.data as ProfitabilityAnswer | undefined;
  const m = (v: number) => moneyOf(v, answer?.currency ?? 'GBP');
  const name: DataTableColumn<ProfitabilityRow> = {
    accessor: 'name',
    title: t(`profitability.column.${tab}`),
    sortable: true,
    footer: t('profitability.totals'),
    render: (row) => (tab === 'vehicle' && row.vehicleType ? `${row.name} (${row.vehicleType})` : row.name),
  };
  const figure = (key: Figure, asMoney: boolean): DataTableColumn<ProfitabilityRow> => ({
    accessor: key,
    title: t(`profitability.column.${key}`),
    textAlign: 'right',
    sortable: key !== 'invbookings' && key !== 'ftrbookings',
    footer: answer ? (asMoney ? m(answer[key]) : String(answer[key])) : '',
    render: (row) => {
      const text = asMoney ? m(row[key]) : String(row[key]);
      const link = key === 'prfamount' || key === 'bookings' ? bookingsLink(tab, row.id, period) : null;
      return link ? (
        <Anchor
          component={Link}
          to={link}
          aria-label={t('profitability.drill', {
            value: text,
            figure: t(`profitability.column.${key}`),
            name: row.name,
          })}
          c={key === 'prfamount' && row.prfamount < 0 ? LOSS : undefined}
        >
          {text}
        </Anchor>
      ) : (
        <Text span size="sm" c={key === 'prfamount' && row.prfamount < 0 ? LOSS : undefined}>
          {text}
        </Text>
      );
    },
  });
  const columns = [
    name,
    ...counts.map((k) => figure(k, false)),
    ...(tab === 'client'
      ? []
      : [
          {
            accessor: 'dswrkd',
            title: t('profitability.column.dswrkd'),
            textAlign: 'right',
            footer: answer?.dswrkd === undefined ? '' : String(answer.dswrkd),
          } as DataTableColumn<ProfitabilityRow>,
        ]),
    ...moneyFigures.map((k) => figure(k, true)),
  ];
  if (!ready) return null;
  return (
    <Stack gap="md">
      {answer ? <ReconciliationWords answer={answer} /> : null}
      <ServerDataTable<ProfitabilityRow>
        columns={columns}
        state={list}
        result={{ data: answer, isFetching: result.isFetching, error: result.error }}
        exportAs={{
          call: calls[tab],
          input,
          pdfTitle: `${t('profitability.title')} · ${t(`profitability.tab.${tab}`)}`,
        }}
        emptyText={t('profitability.empty')}
        searchPlaceholder={t(`profitability.search.${tab}`)}
      />
      {answer ? (
        <ProfitChart
          rows={answer.allData}
          currency={answer.currency}
          complete={answer.allData.length === answer.count}
        />
      ) : null}
    </Stack>
  );
}

/** "Agrees with the ledger", or the difference and the bookings that make it. */
function ReconciliationWords({ answer }: { answer: ProfitabilityAnswer }) {
  const { t } = useTranslation();
  const r = answer.reconciliation;
  const m = (v: number) => moneyOf(v, answer.currency);
  if (r.agrees) {
    return (
      <Alert color="teal" icon={<IconCircleCheck />} data-testid="reconciliation">
        {t('profitability.agrees', { revenue: m(r.revenue.ledger), pay: m(r.driverPay.ledger) })}
      </Alert>
    );
  }
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} data-testid="reconciliation" title={t('profitability.differs')}>
      <Text size="sm">
        {t('profitability.revenueDiffers', {
          report: m(r.revenue.report),
          ledger: m(r.revenue.ledger),
          difference: m(r.revenue.difference),
        })}
      </Text>
      {r.driverPay.difference ? (
        <Text size="sm">
          {t('profitability.payDiffers', {
            report: m(r.driverPay.report),
            ledger: m(r.driverPay.ledger),
            difference: m(r.driverPay.difference),
          })}
        </Text>
      ) : null}
      {r.differences.length ? (
        <Text size="sm">
          {t('profitability.differingBookings', { count: r.differing })}{' '}
          {r.differences.slice(0, 10).map((d, i) => (
            <span key={d.bookingId}>
              {i ? ', ' : ''}
              <Anchor component={Link} to={`/bookings/${d.bookingId}`}>
                #{d.bookingId}
              </Anchor>{' '}
              ({m(d.difference)})
            </span>
          ))}
        </Text>
      ) : null}
    </Alert>
  );
}
