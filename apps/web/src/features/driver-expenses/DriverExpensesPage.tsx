import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import type { CallInput } from '@cabdesk/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { LookupSelect } from '../../ui/LookupSelect';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PeriodFields } from '../../ui/PeriodFields';
import { DeclineDialog, EditDialog, type ExpenseEdit, type ExpenseRow } from './dialogs';
import { ExpenseTable } from './ExpenseTable';
import {
  allowed,
  filtersOf,
  keyAction,
  listCall,
  PAGE_SIZE,
  readView,
  tabs,
  typingIn,
  writeView,
  type ExpenseView,
  type Tab,
} from './view';
import { KeyLegend } from '../../ui/KeyLegend';
import { useAddressView } from '../../kit/useAddressView';
import { PagedFooter } from '../../ui/PagedFooter';

/** The page's shortcuts. */
function Shortcuts() {
  const { t } = useTranslation();
  const keys: [string[], string][] = [
    [['J', '↓'], t('driver-expenses.keys.next')],
    [['K', '↑'], t('driver-expenses.keys.previous')],
    [['A'], t('driver-expenses.keys.approve')],
    [['D'], t('driver-expenses.keys.decline')],
    [['E'], t('driver-expenses.keys.edit')],
  ];
  return <KeyLegend title={t('driver-expenses.keys.title')} keys={keys} />;
}

/** How many expenses a tab holds under the current filters. */
function TabCount({ tab, filters }: { tab: Tab; filters: ReturnType<typeof filtersOf> }) {
  const { t } = useTranslation();
  const counted = useCall(listCall[tab], { ...filters, perPage: 1 });
  const n = counted.data?.count;
  return n === undefined ? null : (
    <Badge size="sm" variant="light" ml={6} aria-label={t('driver-expenses.tabCount', { count: n })}>
      {n}
    </Badge>
  );
}

/**
 * Finance → Driver expenses: what drivers spent on jobs, by state, approved or declined one after
 * another from the keyboard. The tab and filters live in the address.
 */
export function DriverExpensesPage() {
  const { t } = useTranslation();
  const [view, changeView] = useAddressView(readView, writeView);
  const filters = filtersOf(view);
  const list = useCall(listCall[view.tab], { ...filters, page: view.page, perPage: PAGE_SIZE });
  const rows: ExpenseRow[] = useMemo(() => list.data?.data ?? [], [list.data]);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [declining, setDeclining] = useState<ExpenseRow | null>(null);
  const [editing, setEditing] = useState<ExpenseRow | null>(null);
  const selected = rows.find((r) => r.id === selectedId) ?? rows[0] ?? null;
  const index = selected ? rows.indexOf(selected) : -1;

  const setView = (patch: Partial<ExpenseView>) => changeView((latest) => ({ ...latest, page: 0, ...patch }));

  const update = useCallMutation('DriverBookingExpense/Update');
  const remove = useCallMutation('DriverBookingExpense/DeleteExpense');
  const busy = update.isPending || remove.isPending;

  /** After a decision the next expense comes up: the one below, or the one above at the end. */
  const change = useCallback(
    async (row: ExpenseRow, body: Omit<CallInput<'DriverBookingExpense/Update'>, 'id' | 'version'>) => {
      try {
        const res = await update.mutateAsync({ id: row.id, version: row.version, ...body });
        notifySuccess(res.message);
        if (body.status) setSelectedId((rows[index + 1] ?? rows[index - 1])?.id ?? null);
        return true;
      } catch (error) {
        notifyError(t('driver-expenses.failed'), error);
        return false;
      }
    },
    [update, rows, index, t],
  );

  const approve = useCallback((row: ExpenseRow) => void change(row, { status: 'approved' }), [change]);

  useEffect(() => {
    if (!selected) return;
    document.getElementById(`expense-${selected.id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (declining || editing || typingIn(event.target)) return;
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'next') return setSelectedId(rows[Math.min(index + 1, rows.length - 1)]?.id ?? null);
      if (action === 'previous') return setSelectedId(rows[Math.max(index - 1, 0)]?.id ?? null);
      if (!selected || busy) return;
      const can = allowed(selected);
      if (action === 'approve' && can.approve) approve(selected);
      if (action === 'decline' && can.decline) setDeclining(selected);
      if (action === 'edit' && can.edit) setEditing(selected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, index, selected, busy, declining, editing, approve]);

  return (
    <>
      <PageHeader title={t('driver-expenses.title')} subtitle={t('driver-expenses.subtitle')} />
      <Paper withBorder p="xs" mb="md" radius="md">
        <Shortcuts />
      </Paper>
      <Tabs value={view.tab} onChange={(v) => v && setView({ tab: v as Tab })}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`tab-${tab}`}>
              {t(`driver-expenses.tab.${tab}`)}
              <TabCount tab={tab} filters={filters} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="xs" mb="md" align="flex-end" wrap="wrap">
        <PeriodFields value={view} onChange={(p) => setView(p)} />
        <LookupSelect
          call="Driver/GetDriverList"
          label={t('driver-expenses.driver')}
          placeholder={t('driver-expenses.any')}
          value={view.driverID}
          onChange={(v) => setView({ driverID: typeof v === 'number' ? v : null })}
          w={190}
        />
        <LookupSelect
          call="BookingExpenseType/GetExpenseTypeList"
          label={t('driver-expenses.type')}
          placeholder={t('driver-expenses.any')}
          value={view.expenseTypeID}
          onChange={(v) => setView({ expenseTypeID: typeof v === 'number' ? v : null })}
          w={180}
        />
        <TextInput
          label={t('driver-expenses.booking')}
          placeholder="1234"
          inputMode="numeric"
          defaultValue={view.bookingID ?? ''}
          key={`booking-${view.bookingID ?? ''}`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setView({ bookingID: Number(e.currentTarget.value.replace('#', '')) || null });
          }}
          onBlur={(e) => setView({ bookingID: Number(e.currentTarget.value.replace('#', '')) || null })}
          w={120}
        />
        <TextInput
          label={t('driver-expenses.search')}
          placeholder={t('driver-expenses.searchHint')}
          defaultValue={view.q}
          key={`q-${view.q}`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setView({ q: e.currentTarget.value.trim() });
          }}
          onBlur={(e) => e.currentTarget.value.trim() !== view.q && setView({ q: e.currentTarget.value.trim() })}
          w={220}
        />
      </Group>
      <Paper withBorder radius="md">
        {list.error ? (
          <Alert color="red" role="alert" m="sm" title={t('driver-expenses.listFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{list.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void list.refetch()}>
                {t('driver-expenses.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : list.isPending ? (
          <Stack p="sm" gap="xs" aria-busy="true" aria-label={t('driver-expenses.loading')}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text p="md" c="dimmed" data-testid="expenses-empty">
            {t(`driver-expenses.empty.${view.tab}`)}
          </Text>
        ) : (
          <div
            tabIndex={0}
            role="region"
            aria-label={t('driver-expenses.listLabel')}
            data-testid="expense-list"
            style={{ maxHeight: '65vh', overflow: 'auto' }}
          >
            <ExpenseTable
              rows={rows}
              selectedId={selected?.id ?? null}
              busy={busy}
              onSelect={(r) => setSelectedId(r.id)}
              onApprove={approve}
              onDecline={setDeclining}
              onEdit={setEditing}
              onDelete={async (r) => {
                try {
                  const res = await remove.mutateAsync({ id: r.id });
                  notifySuccess(res.message);
                } catch (error) {
                  notifyError(t('driver-expenses.failed'), error);
                }
              }}
            />
          </div>
        )}
        <PagedFooter
          ns="driver-expenses"
          count={count}
          fetching={list.isFetching}
          page={view.page}
          pages={pages}
          onPage={(page) => setView({ page })}
        />
      </Paper>
      <DeclineDialog
        row={declining}
        onClose={() => setDeclining(null)}
        onSubmit={async (reason) => {
          if (!declining) return false;
          const ok = await change(declining, { status: 'declined', declineReason: reason });
          if (ok) setDeclining(null);
          return ok;
        }}
      />
      <EditDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (edit: ExpenseEdit) => {
          if (!editing) return false;
          const ok = await change(editing, edit);
          if (ok) setEditing(null);
          return ok;
        }}
      />
    </>
  );
}
