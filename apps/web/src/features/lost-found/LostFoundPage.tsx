import { Badge, Button, CloseButton, Group, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
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
import { BookingCell } from '../incidents/BookingCell';
import { categoryOptions } from './categories';
import { LostItemFormModal } from './LostItemFormModal';

type Row = CallOutput<'LostandFound/GetTableSummary'>;
type Input = CallInput<'LostandFound/GetTableSummary'>;

/** Items left in vehicles: the list, filters, and "Record item" against a booking. */
export function LostFoundPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const bookingId = Number(params.get('bookingId')) || null;
  const [category, setCategory] = useState<string | null>(null);
  const [status, setStatus] = useState<'all' | 'held' | 'done'>('all');
  const [adding, setAdding] = useState(false);
  const list = useListState({ column: 'foundAt', direction: 'desc' });
  const input: Input = {
    ...list.query,
    sortColumn: list.query.sortColumn as Input['sortColumn'],
    ...(bookingId ? { bookingId } : {}),
    ...(category ? { category: category as Input['category'] } : {}),
    ...(status === 'all' ? {} : { status: status === 'held' }),
  };
  const result = useCall('LostandFound/GetTableSummary', input);

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'foundAt',
      title: t('lost-found.field.foundAt'),
      sortable: true,
      noWrap: true,
      render: (r) => dateTime(r.foundAt),
    },
    {
      accessor: 'bookingID',
      title: t('lost-found.field.booking'),
      sortable: true,
      render: (r) => <BookingCell id={r.bookingID} date={r.bookingDate} pickUp={r.pickUp} dropOff={r.dropOff} />,
    },
    {
      accessor: 'categoryName',
      title: t('lost-found.field.category'),
      sortable: true,
      render: (r) => t(`lost-found.category.${r.category}`, r.categoryName),
    },
    {
      accessor: 'description',
      title: t('lost-found.field.description'),
      render: (r) => (
        <>
          <Text size="sm">{r.description}</Text>
          {r.notes ? (
            <Text size="xs" c="dimmed">
              {r.notes}
            </Text>
          ) : null}
        </>
      ),
    },
    { accessor: 'driverName', title: t('lost-found.driver'), render: (r) => r.driverName ?? '—' },
    { accessor: 'passengerName', title: t('lost-found.passenger'), render: (r) => r.passengerName ?? '—' },
    {
      accessor: 'status',
      title: t('lost-found.field.status'),
      sortable: true,
      render: (r) => (
        <Badge color={r.status ? 'orange' : 'gray'} variant="light">
          {t(`lost-found.state.${r.itemStatus}`)}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('lost-found.title')}
        subtitle={t('lost-found.subtitle')}
        actions={
          ability.can('create', 'LostAndFound') ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('lost-found.record')}
            </Button>
          ) : null
        }
      />
      <ServerDataTable<Row>
        columns={columns}
        state={list}
        result={result}
        filters={
          <>
            {bookingId ? (
              <Group gap={4}>
                <Badge size="lg" variant="outline">
                  {t('lost-found.forBooking', { id: bookingId })}
                </Badge>
                <CloseButton aria-label={t('lost-found.allBookings')} onClick={() => setParams({})} />
              </Group>
            ) : null}
            <Select
              aria-label={t('lost-found.field.category')}
              placeholder={t('lost-found.anyCategory')}
              data={categoryOptions(t)}
              value={category}
              onChange={(v) => {
                setCategory(v);
                list.setPage(1);
              }}
              clearable
              w={200}
            />
            <Select
              aria-label={t('lost-found.field.status')}
              data={[
                { value: 'all', label: t('lost-found.anyStatus') },
                { value: 'held', label: t('lost-found.state.held') },
                { value: 'done', label: t('lost-found.dealtWith') },
              ]}
              value={status}
              onChange={(v) => {
                setStatus((v as typeof status | null) ?? 'all');
                list.setPage(1);
              }}
              allowDeselect={false}
              w={170}
            />
          </>
        }
      />
      <LostItemFormModal opened={adding} onClose={() => setAdding(false)} bookingId={bookingId} />
    </>
  );
}
