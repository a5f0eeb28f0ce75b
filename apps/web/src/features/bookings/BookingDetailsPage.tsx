import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { finalStatuses } from '@cabdesk/contract';
import { IconAlertTriangle, IconArrowLeft, IconEdit, IconReportSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { dateTime, money } from '../../ui/format';
import { fixedLabel } from '../../ui/fixedLabel';
import { BookingTrackingPanel } from '../map/BookingTrackingPanel';
import { BookingPayment } from '../payments/booking/BookingPayment';
import { useCall } from '../../api/hooks';
import type { BookingDetails } from './api';
import { HistoryLog } from './details/HistoryLog';
import { JourneyMarks } from './details/JourneyMarks';
import { RemoteChanges } from './details/RemoteChanges';
import { StatusActions } from './details/StatusActions';
import { StatusTimeline } from './details/StatusTimeline';
import { StatusBadge } from './status';

/** /bookings/:id — one booking: journey, people, vehicle, price, status moves, timeline and history. */
export function BookingDetailsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const details = useCall('Booking/GetBookingDetails', { id: valid ? id : 1 }, { enabled: valid });
  const back = (
    <Anchor component={Link} to="/bookings" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('bookings.backToList')}
      </Group>
    </Anchor>
  );
  if (!valid || details.error) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertTriangle />} title={t('bookings.loadFailed')} role="alert">
          {valid ? messageOf(details.error) : t('bookings.badAddress')}
        </Alert>
      </Stack>
    );
  }
  const booking = details.data?.data;
  // Another booking's answer may still be on screen while this one loads: show nothing stale.
  if (!booking || booking.id !== id) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={110} radius="md" />
        <Skeleton h={360} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Header booking={booking} />
      <JourneyMarks id={booking.id} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Card title={t('bookings.section.journey')}>
              <Stops booking={booking} />
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card title={t('bookings.section.people')}>
                <People booking={booking} />
              </Card>
              <Card title={t('bookings.section.driverVehicle')}>
                <DriverVehicle booking={booking} />
              </Card>
            </SimpleGrid>
            <Card title={t('bookings.section.remote')}>
              <RemoteChanges id={booking.id} canDecide={!finalStatuses.includes(booking.status)} />
            </Card>
            <Card title={t('bookings.section.history')}>
              <HistoryLog id={booking.id} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card title={t('bookings.section.status')}>
              <StatusActions id={booking.id} status={booking.status} version={booking.version} />
            </Card>
            <Card title={t('bookings.section.price')}>
              <Price booking={booking} />
            </Card>
            {ability.can('read', 'Payment') ? (
              <Card title={t('bookings.section.payment')}>
                <BookingPayment
                  bookingId={booking.id}
                  closed={booking.status === 'cancelled' || booking.status === 'rejected'}
                />
              </Card>
            ) : null}
            <Card title={t('bookings.section.timeline')}>
              <StatusTimeline booking={booking} />
            </Card>
            <BookingTrackingPanel bookingId={booking.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Header({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const editable = ability.can('update', 'Booking') && !finalStatuses.includes(booking.status);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={2}>{t('bookings.titleOf', { id: booking.id })}</Title>
            <StatusBadge status={booking.status} size="lg" data-testid="booking-status" data-status={booking.status} />
            {booking.remotePending ? (
              <Badge color="orange" variant="dot">
                {t('bookings.remotePendingHint')}
              </Badge>
            ) : null}
            {booking.isUnplaced ? (
              <Badge color="red.9" variant="filled" title={t('bookings.unplacedHint')}>
                {t('bookings.unplaced')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {booking.isAsap ? (
              <Text span c="orange" fw={600}>
                {t('bookings.form.asap')} ·{' '}
              </Text>
            ) : null}
            {dateTime(booking.pickupAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(booking.createdByName ? 'bookings.createdBy' : 'bookings.createdFrom', {
              who: booking.createdByName,
              when: dateTime(booking.createdAt),
              source: t(`bookings.source.${booking.source}`),
            })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            component={Link}
            to={`/incident?bookingId=${booking.id}`}
            variant="default"
            leftSection={<IconReportSearch size={16} />}
          >
            {t('bookings.viewIncidents')}
          </Button>
          {editable ? (
            <Button leftSection={<IconEdit size={16} />} onClick={() => navigate(`/bookings/${booking.id}/edit`)}>
              {t('bookings.edit')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

function Stops({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  const stops = [...booking.stops].sort((a, b) => a.seq - b.seq);
  const colour = { pickup: 'teal', via: 'gray', dropoff: 'red' } as const;
  return (
    <Stack gap="sm">
      <Timeline bulletSize={14} lineWidth={2} active={stops.length - 1}>
        {stops.map((s) => (
          <Timeline.Item key={s.seq} color={colour[s.kind]} title={t(`bookings.stopKind.${s.kind}`)}>
            <Text size="sm">{s.address}</Text>
            <Text size="xs" c="dimmed">
              {[
                s.postcode,
                s.lat !== null && s.lng !== null ? `${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}` : null,
                s.arrivedAt ? t('bookings.arrivedAt', { when: dateTime(s.arrivedAt) }) : null,
                s.departedAt ? t('bookings.departedAt', { when: dateTime(s.departedAt) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <Group gap="lg" wrap="wrap">
        {booking.hireMinutes ? (
          <Fact label={t('bookings.field.hireDuration')}>{t('bookings.minutes', { count: booking.hireMinutes })}</Fact>
        ) : null}
        <Fact label={t('bookings.field.distance')}>
          {booking.distanceMetres === null ? '—' : `${(booking.distanceMetres / 1000).toFixed(1)} km`}
        </Fact>
        <Fact label={t('bookings.field.duration')}>
          {booking.durationSeconds === null
            ? '—'
            : t('bookings.minutes', { count: Math.round(booking.durationSeconds / 60) })}
        </Fact>
        <Fact label={t('bookings.field.flightNumber')}>{booking.flightNumber ?? '—'}</Fact>
      </Group>
      {booking.notesForDriver || booking.notesForOffice ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label={t('bookings.field.notesForDriver')}>{booking.notesForDriver ?? '—'}</Fact>
          <Fact label={t('bookings.field.notesForOffice')}>{booking.notesForOffice ?? '—'}</Fact>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function People({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Fact label={t('bookings.field.passenger')}>
        {booking.passengerId ? (
          <Anchor component={Link} to={`/passengers/${booking.passengerId}`} size="sm" underline="always">
            {booking.passengerName ?? `#${booking.passengerId}`}
          </Anchor>
        ) : (
          '—'
        )}
        {booking.passengerPhone ? ` · ${booking.passengerPhone}` : ''}
      </Fact>
      <Fact label={t('bookings.field.client')}>
        {booking.clientId ? (
          <Anchor component={Link} to={`/clients/${booking.clientId}`} size="sm" underline="always">
            {booking.clientName ?? `#${booking.clientId}`}
          </Anchor>
        ) : (
          '—'
        )}
      </Fact>
      {booking.clientReferences.map((r) => (
        <Fact key={r.referenceId} label={r.label}>
          {r.value}
        </Fact>
      ))}
      <Fact label={t('bookings.field.booker')}>{booking.bookerName ?? '—'}</Fact>
      <Fact label={t('bookings.field.load')}>
        {t('bookings.passengersOf', { count: booking.passengerCount })} ·{' '}
        {t('bookings.bagsOf', { count: booking.luggageCount })}
      </Fact>
    </Stack>
  );
}

function DriverVehicle({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Fact label={t('bookings.field.vehicleType')}>{booking.vehicleTypeName ?? '—'}</Fact>
      <Fact label={t('bookings.field.driver')}>
        {booking.driverId ? (
          <Anchor component={Link} to={`/drivers/${booking.driverId}`} size="sm" underline="always">
            {[booking.driverCallsign, booking.driverName].filter(Boolean).join(' · ')}
          </Anchor>
        ) : (
          t('bookings.noDriver')
        )}
      </Fact>
      <Fact label={t('bookings.field.vehicle')}>
        {booking.vehicleId ? (
          <Anchor component={Link} to={`/vehicles/${booking.vehicleId}`} size="sm" underline="always">
            {booking.vehicleRegistration ?? `#${booking.vehicleId}`}
          </Anchor>
        ) : (
          '—'
        )}
      </Fact>
      {booking.vendorName ? <Fact label={t('bookings.field.vendor')}>{booking.vendorName}</Fact> : null}
      {booking.offerExpiresAt ? (
        <Fact label={t('bookings.field.offerExpiresAt')}>{dateTime(booking.offerExpiresAt)}</Fact>
      ) : null}
    </Stack>
  );
}

function Price({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fz={28} fw={700} lh={1.1}>
        {money(booking.priceMinor, booking.currency)}
      </Text>
      <Group gap="xs">
        <Badge variant="light" color={booking.paymentStatus === 'paid' ? 'teal' : 'gray'}>
          {t(`bookings.paymentStatus.${booking.paymentStatus}`)}
        </Badge>
        <Badge variant="outline">{fixedLabel('paymentMethod', booking.paymentMethod)}</Badge>
      </Group>
      {booking.discountMinor ? (
        <Fact label={t('bookings.field.discount')}>{money(booking.discountMinor, booking.currency)}</Fact>
      ) : null}
      <Fact label={t('bookings.field.driverPrice')}>{money(booking.driverPriceMinor, booking.currency)}</Fact>
    </Stack>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
