import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconChecks, IconCash } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkProgress } from '../../ui/WorkProgress';
import { useNavigate } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { useCallMutation } from '../../api/hooks';
import { useServerList } from '../../kit/useServerList';
import { day, money } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PeriodFields, periodInput, type Period } from '../../ui/PeriodFields';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { SettleDialog } from './SettleDialog';
import { chunks, NetText, StatusBadge, useStatementName, type StatementRow, type StatementStatus } from './shared';
import { statementKind } from './statement-kind';

type Call = 'DrvrPayment/GetGeneratedPayments' | 'DrvrPayment/GetAttentionPayments';

/**
 * A list of statements of one status. Those not yet approved can be chosen and approved together;
 * the approved ones settled together. A choice larger than one call takes (200) goes in several
 * calls, one after the other, with their progress.
 */
export function StatementListTab({
  call,
  status,
  approve = false,
  settle = false,
  empty,
}: {
  call: Call;
  status?: StatementStatus;
  approve?: boolean;
  settle?: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const nameOf = useStatementName();
  const [period, setPeriod] = useState<Period>({ fromDate: '', toDate: '' });
  const [chosen, setChosen] = useState<number[]>([]);
  const [done, setDone] = useState<{ done: number; total: number } | null>(null);
  const [settling, setSettling] = useState(false);
  const list = useServerList(call, {
    sort: { column: 'periodFrom', direction: 'desc' },
    filters: {},
    shape: (base) => ({ ...base, ...periodInput(period), ...(status ? { statusID: status } : {}) }),
  });
  const approveCall = useCallMutation('DrvrPayment/ApprovePayments');
  const rows = list.result.data?.data ?? [];
  const canApprove = approve && canCall('DrvrPayment/ApprovePayments');
  const canSettle = settle && canCall('DrvrPayment/SettlePayments');
  const choosing = canApprove || canSettle;
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const approveChosen = async () => {
    const batches = chunks(chosen, schemas.STATEMENT_BATCH_LIMIT);
    setDone({ done: 0, total: chosen.length });
    let approved = 0;
    try {
      for (const ids of batches) {
        await approveCall.mutateAsync({ ids });
        approved += ids.length;
        setDone({ done: approved, total: chosen.length });
      }
      notifySuccess(t('driver-payments.approvedMany', { count: approved }));
      setChosen([]);
    } catch (error) {
      // Earlier calls stand (each is all or none); what is left stays chosen to try again.
      setChosen((c) => c.filter((id) => !batches.flat().slice(0, approved).includes(id)));
      notifyError(t('driver-payments.approveFailed'), error);
    } finally {
      setDone(null);
    }
  };

  const columns: DataTableColumn<StatementRow>[] = [
    ...(choosing
      ? [
          {
            accessor: 'select',
            title: (
              <Checkbox
                aria-label={t('driver-payments.chooseAll')}
                checked={rows.length > 0 && rows.every((r) => chosen.includes(r.id))}
                onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
              />
            ),
            render: (r: StatementRow) => (
              <Checkbox
                aria-label={t('driver-payments.choose', { name: `${nameOf(r)} ${r.driverName}` })}
                checked={chosen.includes(r.id)}
                onClick={(e) => e.stopPropagation()}
                onChange={() => toggle(r.id)}
              />
            ),
          } satisfies DataTableColumn<StatementRow>,
        ]
      : []),
    { accessor: 'driverName', title: t('driver-payments.driver'), sortable: true },
    {
      accessor: 'periodFrom',
      title: t('driver-payments.period'),
      sortable: true,
      noWrap: true,
      render: (r) => `${day(r.periodFrom)} – ${day(r.periodTo)}`,
    },
    { accessor: 'jobCount', title: t('driver-payments.jobs'), textAlign: 'right' },
    {
      accessor: 'earnedMinor',
      title: t('driver-payments.earned'),
      textAlign: 'right',
      render: (r) => money(r.earnedMinor),
    },
    {
      accessor: 'cashCollectedMinor',
      title: t('driver-payments.cashCollected'),
      textAlign: 'right',
      render: (r) => money(r.cashCollectedMinor),
    },
    {
      accessor: 'netMinor',
      title: t('driver-payments.net'),
      sortable: true,
      textAlign: 'right',
      render: (r) => <NetText netMinor={r.netMinor} />,
    },
    { accessor: 'dueMinor', title: t('driver-payments.due'), textAlign: 'right', render: (r) => money(r.dueMinor) },
    {
      accessor: 'status',
      title: t('driver-payments.statusTitle'),
      sortable: true,
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge status={r.status} />
          {r.attentionReasons.map((reason) => (
            <Text size="xs" key={reason}>
              {reason}
            </Text>
          ))}
        </Stack>
      ),
    },
    { accessor: 'statementNo', title: t('driver-payments.number'), sortable: true, render: (r) => nameOf(r) },
  ];
  return (
    <Stack gap="sm">
      <ServerDataTable<StatementRow>
        columns={columns}
        state={list.state}
        result={list.result}
        exportAs={{ call: list.call, input: list.input as Record<string, unknown> }}
        emptyText={empty}
        searchPlaceholder={t('driver-payments.search')}
        onRowClick={(r) => void navigate(`${statementKind.path}/${r.id}`)}
        filters={
          <PeriodFields
            value={period}
            onChange={(p) => {
              setPeriod(p);
              list.state.setPage(1);
            }}
          />
        }
        actions={
          choosing ? (
            <Group gap="xs">
              {canApprove ? (
                <Button
                  leftSection={<IconChecks size={16} />}
                  disabled={chosen.length === 0}
                  loading={done !== null}
                  onClick={() => void approveChosen()}
                >
                  {t('driver-payments.approveChosen', { count: chosen.length })}
                </Button>
              ) : null}
              {canSettle ? (
                <Button
                  leftSection={<IconCash size={16} />}
                  disabled={chosen.length === 0}
                  onClick={() => setSettling(true)}
                >
                  {t('driver-payments.settleChosen', { count: chosen.length })}
                </Button>
              ) : null}
            </Group>
          ) : undefined
        }
      />
      {done ? <BatchProgress done={done.done} total={done.total} label={t('driver-payments.approving')} /> : null}
      {settling ? (
        <SettleDialog
          ids={chosen}
          onClose={() => setSettling(false)}
          onDone={() => {
            setSettling(false);
            setChosen([]);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** "n of N statements" while a large choice goes through in several calls. */
export function BatchProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation();
  return (
    <WorkProgress
      done={done}
      total={total}
      label={label}
      text={t('driver-payments.batchProgress', { done, total })}
      testId="batch-progress"
    />
  );
}
