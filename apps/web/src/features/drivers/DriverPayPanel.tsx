import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useServerList } from '../../kit/useServerList';
import { day, money } from '../../ui/format';
import { ServerDataTable } from '../../ui/ServerDataTable';

type Statement = CallOutput<'DrvrPayment/GetGeneratedPayments'>;

/** Where one statement is worked on in the office (driver pay's own page). */
export const statementPath = (id: number) => `/driver-pay/payments/${id}`;

const statusColour: Record<Statement['status'], string> = {
  generated: 'gray',
  attention: 'orange',
  approved: 'blue',
  settled: 'teal',
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * What is left to settle on the driver's approved statements, both ways. The per-driver totals are
 * the calls that add up every approved statement on the server; summing a page of the statement list
 * here would miss the statements on other pages.
 */
function Balance({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const payTo = useCall('DrvrPayment/GetDriversBillTotalPayment', { driverID: driverId, perPage: 0 });
  const collect = useCall('DrvrPayment/GetDriversInvoiceTotalPayment', { driverID: driverId, perPage: 0 });
  const failed = payTo.error ?? collect.error;
  if (failed) {
    return (
      <Alert color="red" title={t('drivers.pay.balanceFailed')} role="alert">
        {messageOf(failed)}
      </Alert>
    );
  }
  if (!payTo.data || !collect.data) return <Skeleton h={72} radius="md" aria-label={t('drivers.pay.loading')} />;
  // One row per driver at most: the call is filtered to this driver.
  const owed = payTo.data.data[0]?.dueMinor ?? 0;
  const owing = collect.data.data[0]?.dueMinor ?? 0;
  const balance = owed - owing;
  return (
    <Paper withBorder radius="md" p="md" data-testid="driver-balance">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label={t('drivers.pay.weOwe')} value={money(owed)} testId="balance-owed" />
        <Figure label={t('drivers.pay.theyOwe')} value={money(owing)} testId="balance-owing" />
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('drivers.pay.balance')}
          </Text>
          <Text fw={700} fz="lg" data-testid="balance-words">
            {balance > 0
              ? t('drivers.pay.balancePay', { amount: money(balance) })
              : balance < 0
                ? t('drivers.pay.balanceCollect', { amount: money(-balance) })
                : t('drivers.pay.balanceNone')}
          </Text>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/** A statement's number (or its draft's id), linking to where driver pay works on it. */
export function StatementLink({ statement: s }: { statement: Pick<Statement, 'id' | 'statementNo'> }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={statementPath(s.id)} onClick={(e) => e.stopPropagation()}>
      {s.statementNo ?? t('drivers.pay.draftNo', { id: s.id })}
    </Anchor>
  );
}

export function StatementStatus({ status }: { status: Statement['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColour[status]}>
      {t(`drivers.pay.statusOf.${status}`)}
    </Badge>
  );
}

/** A driver's pay on their profile: the balance of approved statements and every statement of theirs. */
export function DriverPayPanel({ driverId }: { driverId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useServerList('DrvrPayment/GetGeneratedPayments', {
    sort: { column: 'periodFrom', direction: 'desc' },
    filters: { driverID: driverId },
  });
  const columns: DataTableColumn<Statement>[] = [
    {
      accessor: 'statementNo',
      title: t('drivers.pay.number'),
      sortable: true,
      render: (s) => <StatementLink statement={s} />,
    },
    {
      accessor: 'periodFrom',
      title: t('drivers.pay.period'),
      sortable: true,
      noWrap: true,
      render: (s) => `${day(s.periodFrom)} – ${day(s.periodTo)}`,
    },
    { accessor: 'jobCount', title: t('drivers.pay.jobs'), textAlign: 'right' },
    {
      accessor: 'netMinor',
      title: t('drivers.pay.net'),
      sortable: true,
      textAlign: 'right',
      render: (s) => money(s.netMinor),
    },
    {
      accessor: 'settledMinor',
      title: t('drivers.pay.settled'),
      textAlign: 'right',
      render: (s) => money(s.settledMinor),
    },
    { accessor: 'dueMinor', title: t('drivers.pay.due'), textAlign: 'right', render: (s) => money(s.dueMinor) },
    {
      accessor: 'status',
      title: t('drivers.pay.status'),
      sortable: true,
      render: (s) => <StatementStatus status={s.status} />,
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('drivers.pay.title')}</Title>
      </Group>
      <Balance driverId={driverId} />
      <ServerDataTable<Statement>
        columns={columns}
        state={list.state}
        result={list.result}
        emptyText={t('drivers.pay.empty')}
        searchPlaceholder={t('drivers.pay.search')}
        onRowClick={(s) => void navigate(statementPath(s.id))}
      />
    </Stack>
  );
}
