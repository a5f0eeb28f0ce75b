import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type BookingMove, movesFrom } from '@cabdesk/contract';
import {
  IconAlertTriangle,
  IconBuildingWarehouse,
  IconCheck,
  IconChevronDown,
  IconHandStop,
  IconRefresh,
  IconSend,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/errors';
import { ConfirmButton } from '../../../ui/ConfirmButton';
import { dateTime, money } from '../../../ui/format';
import { LookupSelect } from '../../../ui/LookupSelect';
import { useDispatchQuery } from '../api';
import { type ActionName, type BookingActions, clashesOf, movesWithButtons } from '../hooks/useBookingActions';
import type { BookingRow, Suggestion } from '../model';
import { DriverChoiceList } from './DriverChoiceList';
import { StatusBadge } from './StatusBadge';
import { SuggestionList } from './SuggestionList';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The failure of the last action, in words, where the dispatcher is looking. */
function FailureAlert({
  actions,
  onReallocate,
  onAllowOverlap,
}: {
  actions: BookingActions;
  onReallocate: () => void;
  onAllowOverlap: (action: 'offer' | 'allocate') => void;
}) {
  const { t } = useTranslation();
  const failure = actions.failure;
  if (!failure) return null;
  const status = failure.error instanceof ApiError ? failure.error.status : 0;
  const clashes = clashesOf(failure.error);
  const label = t(`dispatch.action.move.${failure.action}`);
  return (
    <Alert
      color={status === 501 ? 'gray' : status === 409 ? 'orange' : 'red'}
      icon={<IconAlertTriangle size={18} />}
      title={t('dispatch.action.failed', { action: label })}
      withCloseButton
      onClose={actions.clearFailure}
      role="alert"
      data-testid="action-error"
    >
      <Stack gap={6}>
        <Text size="sm">
          {status === 501 ? t('dispatch.notBuilt', { message: messageOf(failure.error) }) : messageOf(failure.error)}
        </Text>
        {clashes.length && (failure.action === 'allocate' || failure.action === 'offer') ? (
          <Group>
            <Button
              size="compact-xs"
              color="orange"
              variant="light"
              onClick={() => onAllowOverlap(failure.action as 'offer' | 'allocate')}
              data-testid="allow-overlap"
            >
              {failure.action === 'offer' ? t('dispatch.action.offerAnyway') : t('dispatch.action.allocateAnyway')}
            </Button>
          </Group>
        ) : status === 409 && failure.action === 'allocate' ? (
          <Group>
            <Button size="compact-xs" color="orange" variant="light" onClick={onReallocate}>
              {t('dispatch.action.reallocate')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

function SubcontractForm({ actions, onDone }: { actions: BookingActions; onDone: () => void }) {
  const { t } = useTranslation();
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [driverId, setDriverId] = useState<number | null>(null);
  const vendorDrivers = useDispatchQuery(
    'Booking/GetTableSummaryDriverSubContractor',
    { vendorId: vendorId ?? undefined, perPage: 0 },
    (answer) =>
      answer.data.map((d) => ({ value: String(d.id), label: `${d.callsign ? `${d.callsign} · ` : ''}${d.fullName}` })),
    { enabled: vendorId !== null },
  );
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap="xs">
        <LookupSelect
          call="Vendor/GetVendorList"
          label={t('dispatch.action.vendor')}
          placeholder={t('dispatch.action.vendorPlaceholder')}
          value={vendorId}
          onChange={(v) => {
            setVendorId(typeof v === 'number' ? v : null);
            setDriverId(null);
          }}
          data-autofocus
        />
        {vendorId !== null ? (
          <Select
            label={t('dispatch.action.vendorDriver')}
            placeholder={vendorDrivers.isPending ? t('dispatch.sidebar.loading') : t('dispatch.action.vendorAlone')}
            data={vendorDrivers.data ?? []}
            value={driverId === null ? null : String(driverId)}
            onChange={(v) => setDriverId(v === null ? null : Number(v))}
            clearable
            searchable
            error={vendorDrivers.error ? messageOf(vendorDrivers.error) : undefined}
          />
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('dispatch.action.cancelSubcontract')}
          </Button>
          <Button
            size="xs"
            disabled={vendorId === null}
            loading={actions.pending === 'subcontract'}
            onClick={async () => {
              if (vendorId !== null && (await actions.subcontract(vendorId, driverId))) onDone();
            }}
          >
            {t('dispatch.action.subcontractSend')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The selected booking: what it is, who should take it, and what dispatch can do to it now. */
export function BookingDetailPane({
  booking,
  actions,
  suggestions,
  chosen,
  onChoose,
  onClose,
}: {
  booking: BookingRow;
  actions: BookingActions;
  suggestions: {
    data: Suggestion[] | undefined;
    note: string | null;
    isPending: boolean;
    error: unknown;
    wanted: boolean;
  };
  chosen: number;
  onChoose: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [subcontracting, setSubcontracting] = useState(false);
  // A driver picked by name wins over the suggestions: dispatchers know their drivers.
  const [picked, setPicked] = useState<{ driverId: number; vehicleId: number | null; name: string } | null>(null);
  const suggested = suggestions.data?.[chosen] ?? suggestions.data?.[0] ?? null;
  const target = picked
    ? picked
    : suggested
      ? { ...suggested, name: suggested.callsign ?? suggested.driverName }
      : null;
  const otherMoves = movesFrom(booking.status).filter((m) => !movesWithButtons.includes(m));
  const busy = (a: ActionName) => actions.pending === a;

  return (
    <Paper withBorder p="sm" radius="md" data-testid="booking-detail">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Title order={4}>{t('dispatch.detail.title', { id: booking.id })}</Title>
            <StatusBadge status={booking.status} />
          </Group>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('dispatch.detail.close')}>
            <IconX size={18} />
          </ActionIcon>
        </Group>

        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Fact label={t('dispatch.detail.when')}>
            {booking.isAsap ? t('dispatch.asap') : dateTime(booking.pickupAt)}
          </Fact>
          <Fact label={t('dispatch.detail.price')}>
            {money(booking.priceMinor, booking.currency)}
            {booking.paymentMethod ? ` · ${booking.paymentMethod}` : ''}
          </Fact>
          <Fact label={t('dispatch.detail.pickup')}>{booking.pickup}</Fact>
          <Fact label={t('dispatch.detail.dropoff')}>{booking.dropoff ?? t('dispatch.hourly')}</Fact>
          <Fact label={t('dispatch.detail.passenger')}>
            {booking.passengerName ?? '—'}
            {booking.passengerPhone ? ` · ${booking.passengerPhone}` : ''}
            <Text size="xs" c="dimmed">
              {t('dispatch.detail.passengers', { count: booking.passengerCount })} ·{' '}
              {t('dispatch.detail.bags', { count: booking.luggageCount })}
            </Text>
          </Fact>
          <Fact label={t('dispatch.detail.vehicleType')}>
            {booking.vehicleTypeName ?? '—'}
            {booking.clientName ? (
              <Text size="xs" c="dimmed">
                {booking.clientName}
              </Text>
            ) : null}
          </Fact>
          {booking.driverName || booking.vendorName ? (
            <Fact label={booking.driverName ? t('dispatch.detail.driver') : t('dispatch.detail.subcontractor')}>
              {booking.driverCallsign ? `${booking.driverCallsign} · ` : ''}
              {booking.driverName ?? booking.vendorName}
              {booking.vehicleRegistration ? (
                <Text size="xs" c="dimmed">
                  {booking.vehicleRegistration}
                </Text>
              ) : null}
            </Fact>
          ) : null}
          {booking.allocatedByName ? (
            <Fact label={t('dispatch.detail.allocatedBy')}>{booking.allocatedByName}</Fact>
          ) : null}
          {booking.flightNumber ? <Fact label={t('dispatch.detail.flight')}>{booking.flightNumber}</Fact> : null}
        </SimpleGrid>
        {booking.offerExpiresAt && booking.status === 'offered' ? (
          <Text size="xs" c="grape">
            {t('dispatch.detail.offerExpires', { time: dateTime(booking.offerExpiresAt) })}
          </Text>
        ) : null}
        {booking.remotePending ? (
          <Alert color="yellow" variant="light" p="xs">
            {t('dispatch.detail.remotePending')}
          </Alert>
        ) : null}

        <FailureAlert
          actions={actions}
          onReallocate={() => void actions.allocate(target, { reallocate: true })}
          onAllowOverlap={(action) => void actions[action](target, { allowOverlap: true })}
        />

        <Group gap={6}>
          {actions.can('allocate') ? (
            <Button
              size="xs"
              leftSection={<IconUserCheck size={14} />}
              loading={busy('allocate')}
              onClick={() => actions.allocate(target)}
              title="A"
              data-testid="allocate"
            >
              {t('dispatch.action.allocate')}
              {target ? ` ${t('dispatch.action.to', { name: target.name })}` : ''}
            </Button>
          ) : null}
          {actions.can('offer') ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} />}
              loading={busy('offer')}
              onClick={() => actions.offer(target)}
              title="O"
              data-testid="offer"
            >
              {t('dispatch.action.offer')}
            </Button>
          ) : null}
          {actions.can('allocate') ? (
            <Button
              size="xs"
              variant={subcontracting ? 'filled' : 'default'}
              leftSection={<IconBuildingWarehouse size={14} />}
              onClick={() => setSubcontracting(!subcontracting)}
            >
              {t('dispatch.action.subcontract')}
            </Button>
          ) : null}
          {actions.can('accept') ? (
            <Button
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconCheck size={14} />}
              loading={busy('confirmForDriver')}
              onClick={() => actions.move('accept')}
            >
              {t('dispatch.action.confirm')}
            </Button>
          ) : null}
          {actions.can('accept') && booking.driverId ? (
            <Button size="xs" variant="default" loading={busy('approve')} onClick={() => actions.approve()}>
              {t('dispatch.action.approve')}
            </Button>
          ) : null}
          {actions.can('unallocate') ? (
            <Button
              size="xs"
              variant="default"
              color="orange"
              leftSection={<IconHandStop size={14} />}
              loading={busy('unallocate')}
              onClick={() => actions.move('unallocate')}
              title="U"
              data-testid="unallocate"
            >
              {t('dispatch.action.unallocate')}
            </Button>
          ) : null}
          {actions.can('reset') ? (
            <ConfirmButton
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              question={t('dispatch.action.resetQuestion', { id: booking.id })}
              confirmLabel={t('dispatch.action.reset')}
              onConfirm={() => actions.move('reset')}
            >
              {t('dispatch.action.reset')}
            </ConfirmButton>
          ) : null}
          {otherMoves.length ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>
                  {t('dispatch.action.statusMoves')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {otherMoves.map((m: BookingMove) => (
                  <Menu.Item
                    key={m}
                    color={m === 'cancel' || m === 'reject' ? 'red' : undefined}
                    onClick={() => actions.move(m)}
                  >
                    {t(`dispatch.action.move.${m}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {subcontracting ? <SubcontractForm actions={actions} onDone={() => setSubcontracting(false)} /> : null}

        <Divider label={t('dispatch.detail.suggestions')} labelPosition="left" />
        {suggestions.wanted ? (
          <SuggestionList
            suggestions={suggestions.data}
            note={suggestions.note}
            chosen={chosen}
            onChoose={onChoose}
            isPending={suggestions.isPending}
            error={suggestions.error}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('dispatch.detail.notForStatus')}
          </Text>
        )}
        {actions.can('allocate') || actions.can('offer') ? (
          <>
            <Divider label={t('dispatch.choices.divider')} labelPosition="left" />
            <DriverChoiceList
              key={booking.id}
              bookingId={booking.id}
              pickedId={picked?.driverId ?? null}
              onPick={(d) =>
                setPicked(d ? { driverId: d.driverId, vehicleId: d.vehicleId, name: d.callsign ?? d.driverName } : null)
              }
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
