import { Button, Checkbox } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../app/can-call';
import { useServerList } from '../../kit/useServerList';
import { PeriodFields, type Period } from '../../ui/PeriodFields';
import { ServerDataTable } from '../../ui/ServerDataTable';
import { GenerateDialog } from './GenerateDialog';
import { lastWeek, NetText } from './shared';

type Row = CallOutput<'DrvrPayment/GetEligibleDrivers'>;

/** Drivers with done, validated jobs of the period on no statement; statements are made for those checked, or all. */
export function EligibleTab({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [period, setPeriod] = useState<Period>(lastWeek);
  const [chosen, setChosen] = useState<number[]>([]);
  const [generating, setGenerating] = useState(false);
  const whole = Boolean(period.fromDate && period.toDate);
  const list = useServerList('DrvrPayment/GetEligibleDrivers', {
    sort: { column: 'driverName', direction: 'asc' },
    filters: {},
    // The call needs both days; until both are typed it is asked for one day, and the table waits.
    shape: (base) => ({
      ...base,
      fromDate: period.fromDate || period.toDate,
      toDate: period.toDate || period.fromDate,
    }),
  });
  const rows = whole ? (list.result.data?.data ?? []) : [];
  const canGenerate = canCall('DrvrPayment/GeneratePayment');
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const columns: DataTableColumn<Row>[] = [
    ...(canGenerate
      ? [
          {
            accessor: 'select',
            title: (
              <Checkbox
                aria-label={t('driver-payments.chooseAllDrivers')}
                checked={rows.length > 0 && rows.every((r) => chosen.includes(r.driverId))}
                onChange={(e) => setChosen(e.currentTarget.checked ? rows.map((r) => r.driverId) : [])}
              />
            ),
            render: (r: Row) => (
              <Checkbox
                aria-label={t('driver-payments.chooseDriver', { name: r.driverName })}
                checked={chosen.includes(r.driverId)}
                onChange={() => toggle(r.driverId)}
              />
            ),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
    { accessor: 'driverName', title: t('driver-payments.driver') },
    { accessor: 'callsign', title: t('driver-payments.callsign'), render: (r) => r.callsign ?? '—' },
    { accessor: 'jobCount', title: t('driver-payments.jobs'), textAlign: 'right' },
    {
      accessor: 'estimatedNetMinor',
      title: t('driver-payments.estimatedNet'),
      textAlign: 'right',
      render: (r) => <NetText netMinor={r.estimatedNetMinor} />,
    },
  ];
  return (
    <>
      <ServerDataTable<Row>
        columns={columns}
        state={list.state}
        result={whole ? list.result : { data: { data: [], count: 0 }, isFetching: false, error: null }}
        rowKey="driverId"
        emptyText={whole ? t('driver-payments.noEligible') : t('driver-payments.choosePeriod')}
        searchPlaceholder={t('driver-payments.searchDriver')}
        filters={
          <PeriodFields
            value={period}
            onChange={(p) => {
              setPeriod(p);
              setChosen([]);
              list.state.setPage(1);
            }}
          />
        }
        actions={
          canGenerate ? (
            <Button
              leftSection={<IconWand size={16} />}
              disabled={!whole || (rows.length === 0 && chosen.length === 0)}
              onClick={() => setGenerating(true)}
            >
              {chosen.length
                ? t('driver-payments.generateChosen', { count: chosen.length })
                : t('driver-payments.generateAll')}
            </Button>
          ) : undefined
        }
      />
      {generating ? (
        <GenerateDialog
          period={period}
          driverIds={chosen}
          onClose={() => setGenerating(false)}
          onDone={() => {
            setGenerating(false);
            setChosen([]);
            onGenerated();
          }}
        />
      ) : null}
    </>
  );
}
