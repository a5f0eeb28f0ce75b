import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { dateTime, money } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import {
  keyAction,
  listInput,
  PAGE_SIZE,
  readView,
  scrollKey,
  tabs,
  typingIn,
  type Tab,
  type ValidationView,
  writeView,
} from './filters';
import { InvalidDialog, JobPanel, type RecalcFields } from './JobPanel';
import { KeyLegend } from '../../ui/KeyLegend';
import { useAddressView } from '../../kit/useAddressView';
import { PagedFooter } from '../../ui/PagedFooter';

type Row = CallOutput<'BookingValidation/GetBookingValidataion'>;
export type Recalculation = CallOutput<'BookingValidation/UpdateBookingValidatationCalculations'>;

const km = (metres: number | null) => (metres === null ? '—' : (metres / 1000).toFixed(1));

interface Kept {
  scrollTop: number;
  jobId: number | null;
}

function readKept(search: string): Kept {
  try {
    const raw = sessionStorage.getItem(scrollKey(search));
    return raw ? (JSON.parse(raw) as Kept) : { scrollTop: 0, jobId: null };
  } catch {
    return { scrollTop: 0, jobId: null };
  }
}

/** The page's shortcuts. */
function Shortcuts() {
  const { t } = useTranslation();
  const keys: [string[], string][] = [
    [['J', '↓'], t('booking-validation.keys.next')],
    [['K', '↑'], t('booking-validation.keys.previous')],
    [['V'], t('booking-validation.keys.validate')],
    [['I'], t('booking-validation.keys.invalid')],
    [['R'], t('booking-validation.keys.recalculate')],
    [['Enter'], t('booking-validation.keys.accept')],
  ];
  return <KeyLegend title={t('booking-validation.keys.title')} keys={keys} />;
}

/**
 * Finance → Booking validation: done jobs by tab, the priced fare beside what happened, the fare
 * engine's recalculation, and a check per job — made to go through many jobs from the keyboard. The
 * tab and filters live in the address; the list's scroll position and the job in hand in the session.
 */
export function BookingValidationPage() {
  const { t } = useTranslation();
  const [view, changeView] = useAddressView(readView, writeView);
  const search = writeView(view).toString();
  const input = listInput(view);
  const list = useCall('BookingValidation/GetBookingValidataion', input);
  const rows: Row[] = useMemo(() => list.data?.data ?? [], [list.data]);
  const count = list.data?.count ?? 0;

  const [firstKept] = useState(() => readKept(search));
  const [selectedId, setSelectedId] = useState<number | null>(firstKept.jobId);
  const [fields, setFields] = useState<RecalcFields>({ waitingMinutes: '', drivenKm: '' });
  const [recalc, setRecalc] = useState<Recalculation | null>(null);
  const [invalidOpen, setInvalidOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const restored = useRef(false);

  const selected = rows.find((r) => r.id === selectedId) ?? rows[0] ?? null;
  const index = selected ? rows.indexOf(selected) : -1;

  const setView = (patch: Partial<ValidationView>) => {
    restored.current = true;
    changeView((latest) => ({ ...latest, page: 0, ...patch }));
  };

  // The job in hand and the scroll position, kept for this view while the session lasts.
  const keep = useCallback(
    (patch: Partial<Kept>) => {
      const current = readKept(search);
      sessionStorage.setItem(scrollKey(search), JSON.stringify({ ...current, ...patch }));
    },
    [search],
  );
  useEffect(() => {
    if (selected) keep({ jobId: selected.id });
  }, [selected, keep]);
  useLayoutEffect(() => {
    if (restored.current || !list.data || !scroller.current) return;
    restored.current = true;
    scroller.current.scrollTop = firstKept.scrollTop;
  }, [list.data, firstKept]);
  useEffect(() => {
    if (!selected) return;
    document.getElementById(`job-${selected.id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const choose = useCallback((row: Row | null | undefined) => {
    if (!row) return;
    setSelectedId(row.id);
    setRecalc((r) => (r?.bookingId === row.id ? r : null));
    setFields({ waitingMinutes: '', drivenKm: '' });
  }, []);

  /** After a check the next job comes up: the one below, or the one above at the end of the page. */
  const advance = useCallback(() => {
    const next = rows[index + 1] ?? rows[index - 1];
    if (next) choose(next);
  }, [rows, index, choose]);

  const validate = useCallMutation('BookingValidation/UpdateBookingValidate');
  const recalculate = useCallMutation('BookingValidation/UpdateBookingValidatationCalculations');
  const busy = validate.isPending || recalculate.isPending;

  const check = useCallback(
    async (body: CallInput<'BookingValidation/UpdateBookingValidate'>, move = true) => {
      try {
        const res = await validate.mutateAsync(body);
        notifySuccess(res.message);
        if (move) advance();
        return true;
      } catch (error) {
        notifyError(t('booking-validation.failed'), error);
        return false;
      }
    },
    [validate, advance, t],
  );

  const recalcInput = useCallback(
    (row: Row, accept: boolean): CallInput<'BookingValidation/UpdateBookingValidatationCalculations'> => {
      const waiting = fields.waitingMinutes.trim();
      const driven = fields.drivenKm.trim().replace(',', '.');
      return {
        bookingId: row.id,
        accept,
        ...(waiting !== '' && /^\d+$/.test(waiting) ? { waitingMinutes: Number(waiting) } : {}),
        ...(driven !== '' && !Number.isNaN(Number(driven)) ? { drivenMetres: Math.round(Number(driven) * 1000) } : {}),
      };
    },
    [fields],
  );

  const runRecalculation = useCallback(
    async (row: Row) => {
      try {
        const res = await recalculate.mutateAsync(recalcInput(row, false));
        setRecalc(res.data);
      } catch (error) {
        notifyError(t('booking-validation.recalcFailed'), error);
      }
    },
    [recalculate, recalcInput, t],
  );

  const accept = useCallback(
    async (row: Row) => {
      try {
        const res = await recalculate.mutateAsync(recalcInput(row, true));
        notifySuccess(res.message);
        setRecalc(null);
        advance();
      } catch (error) {
        notifyError(t('booking-validation.recalcFailed'), error);
      }
    },
    [recalculate, recalcInput, advance, t],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || invalidOpen) return;
      if (typingIn(event.target)) return;
      const action = keyAction(event.key);
      if (!action) return;
      if (action === 'accept' && event.target instanceof HTMLElement && event.target.closest('button, a')) return;
      event.preventDefault();
      if (action === 'next') return choose(rows[Math.min(index + 1, rows.length - 1)]);
      if (action === 'previous') return choose(rows[Math.max(index - 1, 0)]);
      if (!selected || busy) return;
      if (action === 'validate') void check({ bookingIds: [selected.id], status: 'validated' });
      if (action === 'invalid') setInvalidOpen(true);
      if (action === 'recalculate') void runRecalculation(selected);
      if (action === 'accept' && recalc?.bookingId === selected.id) void accept(selected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, index, selected, busy, recalc, invalidOpen, choose, check, runRecalculation, accept]);

  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));

  return (
    <>
      <PageHeader title={t('booking-validation.title')} subtitle={t('booking-validation.subtitle')} />
      <Paper withBorder p="xs" mb="md" radius="md">
        <Shortcuts />
      </Paper>
      <Tabs value={view.tab} onChange={(v) => v && setView({ tab: v as Tab })}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`booking-validation.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="xs" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('booking-validation.from')}
          value={view.fromDate}
          onChange={(e) => setView({ fromDate: e.currentTarget.value })}
          w={160}
        />
        <TextInput
          type="date"
          label={t('booking-validation.to')}
          value={view.toDate}
          onChange={(e) => setView({ toDate: e.currentTarget.value })}
          w={160}
        />
        <LookupSelect
          call="Common/GetClientList"
          label={t('booking-validation.client')}
          placeholder={t('booking-validation.any')}
          value={view.clientID}
          onChange={(v) => setView({ clientID: (v as number | null) ?? null })}
          w={180}
        />
        <LookupSelect
          call="Driver/GetDriverList"
          label={t('booking-validation.driver')}
          placeholder={t('booking-validation.any')}
          value={view.driverID}
          onChange={(v) => setView({ driverID: (v as number | null) ?? null })}
          w={180}
        />
        <LookupSelect
          call="Common/GetVehicleTypes"
          label={t('booking-validation.vehicleType')}
          placeholder={t('booking-validation.any')}
          value={view.vehicletypeID}
          onChange={(v) => setView({ vehicletypeID: (v as number | null) ?? null })}
          w={160}
        />
        <Select
          label={t('booking-validation.paymentMethod')}
          placeholder={t('booking-validation.any')}
          clearable
          data={['account', 'cash', 'card', 'bank_transfer', 'cheque'].map((m) => ({
            value: m,
            label: t(`booking-validation.method.${m}`),
          }))}
          value={view.paymentMethodID}
          onChange={(v) => setView({ paymentMethodID: v })}
          w={160}
        />
        <TextInput
          label={t('booking-validation.search')}
          placeholder={t('booking-validation.searchHint')}
          defaultValue={view.q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setView({ q: e.currentTarget.value.trim() });
          }}
          onBlur={(e) => e.currentTarget.value.trim() !== view.q && setView({ q: e.currentTarget.value.trim() })}
          w={200}
        />
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md">
            {list.error ? (
              <Alert color="red" role="alert" m="sm" title={t('booking-validation.listFailed')}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{list.error.message}</Text>
                  <Button size="xs" variant="light" onClick={() => void list.refetch()}>
                    {t('booking-validation.retry')}
                  </Button>
                </Stack>
              </Alert>
            ) : list.isPending ? (
              <Stack p="sm" gap="xs" aria-busy="true" aria-label={t('booking-validation.loading')}>
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} h={28} />
                ))}
              </Stack>
            ) : rows.length === 0 ? (
              <Text p="md" c="dimmed">
                {t(`booking-validation.empty.${view.tab}`)}
              </Text>
            ) : (
              <div
                ref={scroller}
                tabIndex={0}
                aria-label={t('booking-validation.listLabel')}
                data-testid="validation-list"
                onScroll={(e) => keep({ scrollTop: e.currentTarget.scrollTop })}
                style={{ maxHeight: '65vh', overflow: 'auto' }}
              >
                <Table highlightOnHover stickyHeader verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('booking-validation.booking')}</Table.Th>
                      <Table.Th>{t('booking-validation.pickup')}</Table.Th>
                      <Table.Th>{t('booking-validation.who')}</Table.Th>
                      <Table.Th ta="right">{t('booking-validation.fare')}</Table.Th>
                      <Table.Th ta="right">{t('booking-validation.kmDrivenPriced')}</Table.Th>
                      <Table.Th ta="right">{t('booking-validation.waiting')}</Table.Th>
                      <Table.Th>{t('booking-validation.check')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => {
                      const current = r.id === selected?.id;
                      const longer =
                        r.drivenMetres !== null && r.pricedMetres !== null && r.drivenMetres > r.pricedMetres * 1.1;
                      return (
                        <Table.Tr
                          key={r.id}
                          id={`job-${r.id}`}
                          aria-current={current ? 'true' : undefined}
                          data-testid={`job-row-${r.id}`}
                          onClick={() => choose(r)}
                          style={{
                            cursor: 'pointer',
                            background: current ? 'var(--mantine-primary-color-light)' : undefined,
                            outline: current ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                            outlineOffset: -2,
                          }}
                        >
                          <Table.Td>
                            <UnstyledButton onClick={() => choose(r)} fz="sm" fw={current ? 700 : 500}>
                              #{r.bookingNumber}
                            </UnstyledButton>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(r.pickupAt)}</Table.Td>
                          <Table.Td>
                            <Text inherit lineClamp={1}>
                              {[r.clientName, r.passengerName].filter(Boolean).join(' · ') || '—'}
                            </Text>
                            <Text size="xs" c={current ? undefined : 'dimmed'} lineClamp={1}>
                              {r.driverName ?? t('booking-validation.noDriver')}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{money(r.acceptedMinor ?? r.priceMinor, r.currency)}</Table.Td>
                          <Table.Td ta="right" fw={longer ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                            {km(r.drivenMetres)} / {km(r.pricedMetres)}
                          </Table.Td>
                          <Table.Td ta="right">{r.waitingMinutes}</Table.Td>
                          <Table.Td>
                            {r.noShow ? (
                              <Badge size="sm" variant="light" color="orange" mr={4}>
                                {t('booking-validation.noShow')}
                              </Badge>
                            ) : null}
                            {r.validationStatus !== 'toValidate' ? (
                              <Badge
                                size="sm"
                                variant="light"
                                color={r.validationStatus === 'validated' ? 'teal' : 'red'}
                              >
                                {t(`booking-validation.status.${r.validationStatus}`)}
                              </Badge>
                            ) : null}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </div>
            )}
            <PagedFooter
              ns="booking-validation"
              count={count}
              fetching={list.isFetching}
              page={view.page}
              pages={pages}
              onPage={(page) => setView({ page })}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {selected ? (
            <JobPanel
              row={selected}
              fields={fields}
              onFields={setFields}
              recalc={recalc?.bookingId === selected.id ? recalc : null}
              busy={busy}
              onValidate={() => void check({ bookingIds: [selected.id], status: 'validated' })}
              onInvalid={() => setInvalidOpen(true)}
              onBack={() => void check({ bookingIds: [selected.id], status: 'toValidate' }, false)}
              onOverride={(acceptedMinor, reason) =>
                check({ bookingIds: [selected.id], status: 'validated', acceptedMinor, reason })
              }
              onRecalculate={() => void runRecalculation(selected)}
              onAccept={() => void accept(selected)}
            />
          ) : (
            <Paper withBorder radius="md" p="md">
              <Text c="dimmed">{t('booking-validation.noneSelected')}</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <InvalidDialog
        opened={invalidOpen}
        bookingNumber={selected?.bookingNumber ?? ''}
        onClose={() => setInvalidOpen(false)}
        onSubmit={async (reason) => {
          if (!selected) return;
          const ok = await check({ bookingIds: [selected.id], status: 'invalid', reason });
          if (ok) setInvalidOpen(false);
        }}
      />
    </>
  );
}
