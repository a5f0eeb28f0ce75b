import { Box, Button, Drawer, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { canMove } from '@cabdesk/contract';
import { IconAlarm, IconKeyboard, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../app/ability';
import { PageHeader } from '../../ui/PageHeader';
import { day } from '../../ui/format';
import { LocalDates } from '../dashboard/LocalDates';
import { useDispatchQuery } from './api';
import { BoardFilters } from './components/BoardFilters';
import { BoardTabs } from './components/BoardTabs';
import { BookingDetailPane } from './components/BookingDetailPane';
import { BookingTable } from './components/BookingTable';
import { NearPickups } from './components/NearPickups';
import { DriverSidebar } from './components/DriverSidebar';
import { ReadFailure } from './components/ReadFailure';
import { ShortcutsModal } from './components/ShortcutsModal';
import { useBoardKeys } from './hooks/useBoardKeys';
import { useBoardParams } from './hooks/useBoardParams';
import { useBookingActions } from './hooks/useBookingActions';
import { useLivePrefixes, useNewArrivals } from './hooks/useLiveBoard';
import type { Shortcut } from './hooks/shortcuts';
import { minutesOf } from './format';
import { readBoard, readDrivers, readSuggestions } from './model';

const PER_PAGE = 50;

/**
 * The dispatch board: the day's bookings by dispatch tab, the drivers, and the selected booking with
 * its suggested drivers. Everything can be done from the keyboard (press ? on the page).
 */
export function DispatchBoardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const client = useQueryClient();
  const [params, setParams] = useBoardParams();
  // The search field writes the address after a pause of its own (useAddressText).
  const q = params.q.trim();
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<{ id: number | null; index: number }>({ id: null, index: 0 });
  const [detailOpen, setDetailOpen] = useState(false);
  const [chosen, setChosen] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const wide = useMediaQuery('(min-width: 1800px)');
  const narrow = useMediaQuery('(max-width: 1199px)');

  const filters = {
    date: params.date,
    tab: params.tab,
    vehicleTypeId: params.vehicleTypeId ?? undefined,
    clientId: params.clientId ?? undefined,
    q,
  };
  const viewKey = JSON.stringify({ ...filters, page });
  const board = useDispatchQuery(
    'Booking/GetBookingDispatch',
    { ...filters, page: page - 1, perPage: PER_PAGE },
    readBoard,
  );
  const drivers = useDispatchQuery('Driver/GetTableSummaryDriverAllocation', { perPage: 0 }, readDrivers);
  const rows = board.data?.rows;
  const newIds = useNewArrivals(
    viewKey,
    rows?.map((r) => r.id),
  );

  // The selection survives refreshes; when its booking leaves the tab (allocated, say) the one that
  // took its place is selected, so a dispatcher can go on down the list.
  let selected = rows?.find((r) => r.id === selection.id) ?? null;
  if (rows && selection.id !== null && !selected) {
    selected = rows[Math.min(selection.index, rows.length - 1)] ?? null;
    setSelection({ id: selected?.id ?? null, index: selected ? rows.indexOf(selected) : 0 });
    setChosen(0);
  }
  const wantsSuggestions = Boolean(
    selected && (canMove(selected.status, 'allocate') || canMove(selected.status, 'offer')),
  );
  const suggestions = useDispatchQuery(
    'Booking/GetSuggestedDrivers',
    { bookingId: selected?.id ?? 0, limit: 9 },
    readSuggestions,
    { enabled: wantsSuggestions },
  );
  const actions = useBookingActions(selected);
  const suggestionList = wantsSuggestions ? suggestions.data?.candidates : undefined;
  const target = suggestionList?.[chosen] ?? suggestionList?.[0] ?? null;

  const near = board.data?.near;
  const nearIds = new Set(near?.map((n) => n.bookingId));
  const title = t('dispatch.title');
  useEffect(() => {
    const before = document.title;
    document.title = near?.length ? t('dispatch.near.docTitle', { count: near.length, title }) : title;
    return () => {
      document.title = before;
    };
  }, [near?.length, t, title]);

  useLivePrefixes(['booking.near'], (e) => {
    // The server announces each near job once; every open board shows it.
    const reason = typeof e.payload.reason === 'string' ? e.payload.reason : '';
    const suggestion = e.payload.suggestion as { driverName: string; etaSeconds: number } | null | undefined;
    notifications.show({
      color: 'red',
      icon: <IconAlarm size={18} />,
      title: t('dispatch.near.toast', { id: e.payload.bookingId }),
      message: suggestion
        ? t('dispatch.near.suggest', { name: suggestion.driverName, minutes: minutesOf(suggestion.etaSeconds) })
        : reason,
      autoClose: 15000,
    });
  });

  useLivePrefixes(['booking.', 'driver.'], () => {
    void client.invalidateQueries({
      predicate: (query) =>
        [
          'Booking/GetBookingDispatch',
          'Booking/GetSuggestedDrivers',
          'Booking/GetDriverChoices',
          'Driver/GetTableSummaryDriverAllocation',
        ].includes(String(query.queryKey[0])),
    });
  });

  const select = (id: number | null) => {
    setSelection({
      id,
      index:
        rows && id !== null
          ? Math.max(
              0,
              rows.findIndex((r) => r.id === id),
            )
          : 0,
    });
    setChosen(0);
    actions.clearFailure();
  };
  const changeParams = (patch: Parameters<typeof setParams>[0]) => {
    setParams(patch);
    setPage(1);
  };

  const onShortcut = (s: Shortcut) => {
    switch (s.kind) {
      case 'focusSearch':
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case 'help':
        setHelpOpen(true);
        return;
      case 'close':
        if (helpOpen) setHelpOpen(false);
        else setDetailOpen(false);
        return;
      case 'newBooking':
        void navigate('/bookings/new');
        return;
      case 'move': {
        if (!rows?.length) return;
        const at = selected ? rows.indexOf(selected) : s.by > 0 ? -1 : rows.length;
        const next = rows[Math.min(rows.length - 1, Math.max(0, at + s.by))];
        if (next) select(next.id);
        return;
      }
      case 'open':
        if (!selected && rows?.[0]) select(rows[0].id);
        if (selected || rows?.length) setDetailOpen(true);
        return;
      case 'pick':
        if (suggestionList && s.index < suggestionList.length) {
          setChosen(s.index);
          setDetailOpen(true);
        }
        return;
      case 'allocate':
        if (!selected || !actions.can('allocate')) return;
        setDetailOpen(true);
        void actions.allocate(target);
        return;
      case 'offer':
        if (!selected || !actions.can('offer')) return;
        setDetailOpen(true);
        void actions.offer(target);
        return;
      case 'unallocate':
        if (!selected || !actions.can('unallocate')) return;
        setDetailOpen(true);
        void actions.move('unallocate');
        return;
    }
  };
  useBoardKeys(onShortcut, !helpOpen);

  const detail =
    selected && detailOpen ? (
      <BookingDetailPane
        key={selected.id}
        booking={selected}
        actions={actions}
        suggestions={{
          data: suggestionList,
          note: suggestions.data?.note ?? null,
          isPending: suggestions.isPending,
          error: suggestions.error,
          wanted: wantsSuggestions,
        }}
        chosen={chosen}
        onChoose={setChosen}
        onClose={() => setDetailOpen(false)}
      />
    ) : null;
  const choosePrompt = (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {t('dispatch.detail.choose')}
      </Text>
    </Paper>
  );
  const sidebar = <DriverSidebar drivers={drivers.data} isPending={drivers.isPending} error={drivers.error} />;
  const dateLabel = day(params.date);

  const boardPanel = (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <BoardTabs value={params.tab} totals={board.data?.totals} onChange={(tab) => changeParams({ tab })} />
        <BoardFilters
          params={params}
          onChange={changeParams}
          searchRef={searchRef}
          onLeaveSearch={(key) => {
            if (key !== 'Escape' && rows?.[0] && !selected) select(rows[0].id);
          }}
        />
        <NearPickups
          near={near ?? []}
          onOpen={(id) => {
            if (rows?.some((r) => r.id === id)) {
              select(id);
              setDetailOpen(true);
            } else changeParams({ tab: 'unallocated' });
          }}
        />
        {board.error ? <ReadFailure title={t('dispatch.boardFailed')} error={board.error} /> : null}
        {board.isPending ? (
          <Text c="dimmed" size="sm" py="xl" ta="center">
            {t('dispatch.loading')}
          </Text>
        ) : rows?.length ? (
          <BookingTable
            rows={rows}
            selectedId={selected?.id ?? null}
            newIds={newIds}
            nearIds={nearIds}
            onOpen={(id) => {
              select(id);
              setDetailOpen(true);
            }}
          />
        ) : board.error ? null : (
          <Text c="dimmed" size="sm" py="xl" ta="center" data-testid="board-empty">
            {q ? t('dispatch.emptySearch', { date: dateLabel, q }) : t('dispatch.empty', { date: dateLabel })}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {board.data ? t('dispatch.bookingCount', { count: board.data.count }) : ''}
          </Text>
          {board.data && board.data.count > PER_PAGE ? (
            <Pagination size="sm" total={Math.ceil(board.data.count / PER_PAGE)} value={page} onChange={setPage} />
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <LocalDates>
      <PageHeader
        title={t('dispatch.title')}
        subtitle={t('dispatch.subtitle')}
        actions={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconKeyboard size={16} />} onClick={() => setHelpOpen(true)}>
              {t('dispatch.shortcutsButton')}{' '}
              <Text span c="dimmed" ml={6}>
                ?
              </Text>
            </Button>
            {ability.can('create', 'Booking') ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate('/bookings/new')}>
                {t('dispatch.newBooking')}
              </Button>
            ) : null}
          </Group>
        }
      />
      {narrow ? (
        <Stack gap="md">
          {boardPanel}
          {sidebar}
          <Drawer
            opened={Boolean(detail)}
            onClose={() => setDetailOpen(false)}
            position="right"
            size={440}
            withCloseButton={false}
            padding={0}
          >
            {detail}
          </Drawer>
        </Stack>
      ) : (
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-md)',
            alignItems: 'start',
            gridTemplateColumns: wide ? 'minmax(0, 1fr) 400px 300px' : 'minmax(0, 1fr) 330px',
          }}
        >
          {boardPanel}
          {wide ? (detail ?? choosePrompt) : (detail ?? sidebar)}
          {wide ? sidebar : null}
        </Box>
      )}
      <ShortcutsModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </LocalDates>
  );
}
