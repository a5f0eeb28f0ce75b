import { ActionIcon, Badge, Button, CloseButton, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconEye, IconPlus } from '@tabler/icons-react';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ServerDataTable, useListState } from '../../ui/ServerDataTable';
import { BookingCell, PersonCell } from './BookingCell';
import { incidentCategoryOptions } from './categories';
import { CloseIncidentModal } from './CloseIncidentModal';
import { IncidentDetailsModal } from './IncidentDetailsModal';
import { IncidentFormModal } from './IncidentFormModal';
import { IncidentStatusBadge } from './StatusBadge';

type Row = CallOutput<'Incident/GetTableSummary'>;
type Input = CallInput<'Incident/GetTableSummary'>;
type StatusFilter = 'all' | 'open' | 'closed';

/** The incident log (spec 000 §9): server paging, sorting on all but Actions, `?bookingId=N` filters. */
export function IncidentsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const bookingId = Number(params.get('bookingId')) || null;
  const [status, setStatus] = useState<StatusFilter>('all');
  const [category, setCategory] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [closing, setClosing] = useState<number | null>(null);
  const list = useListState({ column: 'entryDate', direction: 'desc' });
  const input: Input = {
    ...list.query,
    sortColumn: list.query.sortColumn as Input['sortColumn'],
    ...(bookingId ? { bookingId } : {}),
    ...(status === 'all' ? {} : { status: status === 'open' }),
    ...(category ? { category: category as Input['category'] } : {}),
  };
  const result = useCall('Incident/GetTableSummary', input);
  const canClose = ability.can('update', 'Incident');

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'entryDate',
      title: t('incidents.column.date'),
      width: '13%',
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.entryDate),
    },
    {
      accessor: 'categoryDescription',
      title: t('incidents.column.category'),
      width: '8%',
      sortable: true,
      render: (r) => t(`incidents.category.${r.category}`, r.categoryDescription),
    },
    {
      accessor: 'bookingID',
      title: t('incidents.column.booking'),
      width: '17%',
      sortable: true,
      render: (r) => <BookingCell id={r.bookingID} date={r.bookingDate} pickUp={r.pickUp} dropOff={r.dropOff} />,
    },
    {
      accessor: 'driverName',
      title: t('incidents.column.driver'),
      width: '8%',
      sortable: true,
      render: (r) => <PersonCell name={r.driverName} phoneNo={r.driverPhoneNo} email={r.driverEmail} />,
    },
    {
      accessor: 'passengerName',
      title: t('incidents.column.passenger'),
      width: '10%',
      sortable: true,
      render: (r) => <PersonCell name={r.passengerName} phoneNo={r.passengerPhoneNo} email={r.passengerEmail} />,
    },
    {
      accessor: 'status',
      title: t('incidents.column.status'),
      width: '8%',
      sortable: true,
      render: (r) => (
        <IncidentStatusBadge status={r.status} name={r.name} closedAt={r.closedAt} actionTaken={r.actionTaken} />
      ),
    },
    {
      accessor: 'actions',
      title: t('incidents.column.actions'),
      width: '8%',
      textAlign: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('incidents.view')}>
            <ActionIcon variant="subtle" aria-label={t('incidents.view')} onClick={() => setViewing(r.incidentID)}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {r.status && canClose ? (
            <Tooltip label={t('incidents.close')}>
              <ActionIcon
                variant="subtle"
                color="teal"
                aria-label={t('incidents.close')}
                onClick={() => setClosing(r.incidentID)}
              >
                <IconCircleCheck size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('incidents.title')}
        subtitle={t('incidents.subtitle')}
        actions={
          ability.can('create', 'Incident') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('incidents.create')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        rowKey="incidentID"
        exportAs={{ call: 'Incident/GetTableSummary', input }}
        filters={
          <>
            {bookingId ? (
              <Group gap={4}>
                <Badge size="lg" variant="outline">
                  {t('incidents.forBooking', { id: bookingId })}
                </Badge>
                <CloseButton aria-label={t('incidents.allBookings')} onClick={() => setParams({})} />
              </Group>
            ) : null}
            <SegmentedControl
              aria-label={t('incidents.column.status')}
              value={status}
              onChange={(v) => {
                setStatus(v as StatusFilter);
                list.setPage(1);
              }}
              data={[
                { value: 'all', label: t('incidents.all') },
                { value: 'open', label: t('incidents.open') },
                { value: 'closed', label: t('incidents.closed') },
              ]}
            />
            <Select
              aria-label={t('incidents.column.category')}
              placeholder={t('incidents.anyCategory')}
              data={incidentCategoryOptions(t)}
              value={category}
              onChange={(v) => {
                setCategory(v);
                list.setPage(1);
              }}
              clearable
              w={200}
            />
          </>
        }
      />
      <IncidentFormModal opened={adding} onClose={() => setAdding(false)} bookingId={bookingId} />
      <IncidentDetailsModal incidentId={viewing} onClose={() => setViewing(null)} />
      <CloseIncidentModal incidentId={closing} onClose={() => setClosing(null)} />
    </>
  );
}
