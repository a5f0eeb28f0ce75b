import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { BuiltName, CallInput, ResponseOf } from '@cabdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, messageOf } from '../../api/errors';
import { DateTimeField } from '../../ui/DateTimeField';
import { money } from '../../ui/format';
import { Loading, Problem } from './BookerFrame';
import {
  checkJourney,
  companyTime,
  emptyJourney,
  emptyStop,
  type Journey,
  type JourneyErrors,
  journeyField,
  journeyInput,
  type PricedVehicle,
  type Rules,
} from './journey';
import { PlaceField } from './PlaceField';
import { CardForm } from '../payments/CardForm';

/** Which card form to show: the company's provider and, for Stripe, its publishable key. */
interface CardProvider {
  provider: 'offline' | 'stripe';
  publishableKey: string | null;
}

export type Caller = <K extends BuiltName>(name: K, input: CallInput<K>) => Promise<ResponseOf<K>>;

export interface Details {
  firstName: string;
  surname: string;
  phone: string;
  email: string;
}
type DetailErrors = Partial<Record<keyof Details | 'notes', string>>;

const MAX_VIAS = 3;
const steps = ['journey', 'vehicle', 'details', 'payment'] as const;
type Step = (typeof steps)[number] | 'done';

interface Booked {
  id: number;
  pickupAt: string;
  isAsap: boolean;
  priceMinor: number | null;
  currency: string;
  confirmationToken?: string | undefined;
}

/**
 * The steps of a booking from outside the office: journey → vehicle with its price → the
 * passenger's details → payment (cash, or a card authorised now and taken after the ride) → done. The web booker gives it a visitor's caller; the
 * passenger's home its own, with the details filled in.
 */
export function BookingSteps({
  rules,
  call,
  isVisitor,
  initialDetails,
  initialJourney,
  confirmationLink,
  onBooked,
}: {
  rules: Rules;
  call: Caller;
  isVisitor: boolean;
  initialDetails?: Details | undefined;
  initialJourney?: Journey | undefined;
  confirmationLink?: (token: string) => string;
  onBooked?: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>('journey');
  const [journey, setJourney] = useState<Journey>(initialJourney ?? emptyJourney());
  const [journeyErrors, setJourneyErrors] = useState<JourneyErrors>({});
  const [vehicles, setVehicles] = useState<PricedVehicle[] | null>(null);
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  const [details, setDetails] = useState<Details>(
    initialDetails ?? { firstName: '', surname: '', phone: '', email: '' },
  );
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [payBy, setPayBy] = useState<'cash' | 'card'>('cash');
  const [cardProvider, setCardProvider] = useState<CardProvider | null>(null);
  const [cardPaid, setCardPaid] = useState(false);
  const [cardFailure, setCardFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const first = useRef(true);
  const w = (key: string, options?: Record<string, unknown>) => t(`web-booker.${key}`, options ?? {});

  // Each new step takes the focus to its heading, so a keyboard or screen reader starts there.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    setFailure(null);
    setStep(next);
  };
  const patch = (change: Partial<Journey>) => {
    setJourney((j) => ({ ...j, ...change }));
    setVehicles(null);
    // A field changed is a field to check again: its error goes.
    const touched = Object.keys(change).map((k) =>
      k === 'asap' ? 'when' : k === 'byTheHour' ? 'hireMinutes' : k,
    ) as (keyof JourneyErrors)[];
    setJourneyErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !touched.includes(k as keyof JourneyErrors))),
    );
  };

  /** Server field errors back on their step and field. */
  const placeErrors = (error: unknown): boolean => {
    // A visit lasts two hours: past it the page says so instead of asking to sign in.
    if (isVisitor && error instanceof ApiError && error.status === 401) {
      setFailure(w('expired'));
      return true;
    }
    if (!(error instanceof ApiError) || !error.errors.length) return false;
    const onJourney: JourneyErrors = {};
    const onDetails: DetailErrors = {};
    for (const e of error.errors) {
      const field = journeyField(e.field, journey);
      if (field) onJourney[field] = e.message;
      const detail = /^(?:newPassenger\.)?(firstName|surname|phone|email)$/.exec(e.field)?.[1] as
        keyof Details | undefined;
      if (detail) onDetails[detail] = e.message;
      if (e.field === 'newPassenger') onDetails.firstName = e.message;
      if (e.field === 'notesForDriver') onDetails.notes = e.message;
      if (e.field === 'vehicleTypeId') setVehicles(null);
    }
    if (Object.keys(onJourney).length) {
      setJourneyErrors(onJourney);
      go('journey');
      return true;
    }
    if (Object.keys(onDetails).length) {
      setDetailErrors(onDetails);
      go('details');
      return true;
    }
    return false;
  };

  const seeVehicles = async () => {
    const errors = checkJourney(journey, rules);
    setJourneyErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, w(v)])));
    if (Object.keys(errors).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const list = await call('Vehicle/GetVehiclePricingListForWebBooker', journeyInput(journey, rules));
      setVehicles(list.data);
      setVehicleId((id) =>
        list.data.some((v) => v.vehicleTypeId === id) ? id : (list.data[0]?.vehicleTypeId ?? null),
      );
      go('vehicle');
    } catch (error) {
      if (!placeErrors(error)) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const giveDetails = async () => {
    const errors: DetailErrors = {};
    for (const key of ['firstName', 'surname', 'phone', 'email'] as const) {
      if (!details[key].trim()) errors[key] = w(`details.${key}Required`);
    }
    if (rules.showNotesForDriver && rules.requireNotesForDriver && !notes.trim())
      errors.notes = w('details.notesRequired');
    setDetailErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setFailure(null);
    try {
      if (isVisitor) await call('Booking/GetPassengerForWebBooker', details);
      go('payment');
    } catch (error) {
      if (!placeErrors(error)) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  // The card form of the company's provider is loaded when the person chooses to pay by card.
  useEffect(() => {
    if (payBy !== 'card' || cardProvider) return;
    call('Configuration/GetStripeKeyLive', {})
      .then((answer) => setCardProvider(answer.data))
      .catch(() => setCardProvider({ provider: 'offline', publishableKey: null }));
  }, [payBy, cardProvider, call]);

  /** Authorises the ride's fare on the card (taken when the ride is done); a refusal is said in words. */
  const payByCard = async (bookingId: number, token: string) => {
    setCardFailure(null);
    try {
      await call('PaymentTransaction/CreatePaymentIntent', { bookingId, token, capture: 'later' });
      setCardPaid(true);
    } catch (error) {
      setCardFailure(messageOf(error));
    }
  };

  const book = async (token?: string) => {
    if (!vehicleId) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call('Booking/Create', {
        ...journeyInput(journey, rules),
        vehicleTypeId: vehicleId,
        paymentMethod: token ? 'card' : 'cash',
        source: isVisitor ? 'web' : 'passenger_app',
        ...(notes.trim() ? { notesForDriver: notes.trim() } : {}),
      });
      setBooked(answer.data);
      onBooked?.(answer.data.id);
      if (token) await payByCard(answer.data.id, token);
      go('done');
    } catch (error) {
      if (!placeErrors(error)) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const chosen = vehicles?.find((v) => v.vehicleTypeId === vehicleId) ?? null;
  const stepNumber = step === 'done' ? steps.length : steps.indexOf(step) + 1;
  const stepHeading = (
    <div>
      {step === 'done' ? null : (
        <Text size="sm" fw={500}>
          {w('stepOf', { n: stepNumber, of: steps.length })}
        </Text>
      )}
      <Title order={2} fz="h3" ref={heading} tabIndex={-1} data-testid="step-title">
        {w(`steps.${step}`)}
      </Title>
    </div>
  );
  const back = (to: Step) => (
    <Button variant="default" onClick={() => go(to)} disabled={busy}>
      {w('back')}
    </Button>
  );
  const failed = failure ? <Problem>{failure}</Problem> : null;

  if (step === 'journey') {
    const hours = [60, 120, 180, 240, 300, 360, 480, 600, 720].map((m) => ({
      value: String(m),
      label: w('journey.hours', { count: m / 60 }),
    }));
    return (
      <Stack gap="sm" component="section">
        {stepHeading}
        {failed}
        <PlaceField
          label={w('journey.pickup')}
          required
          autoFocus
          value={journey.pickup}
          onChange={(pickup) => patch({ pickup })}
          call={call}
          error={journeyErrors.pickup}
        />
        {rules.showViaStops
          ? journey.vias.map((via, i) => (
              <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <PlaceField
                    label={w('journey.via', { n: i + 1 })}
                    value={via}
                    onChange={(v) => patch({ vias: journey.vias.map((x, j) => (j === i ? v : x)) })}
                    call={call}
                    error={i === journey.vias.length - 1 ? journeyErrors.vias : undefined}
                  />
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => patch({ vias: journey.vias.filter((_, j) => j !== i) })}
                  aria-label={w('journey.removeVia', { n: i + 1 })}
                >
                  {w('journey.remove')}
                </Button>
              </Group>
            ))
          : null}
        {journey.byTheHour ? null : (
          <PlaceField
            label={w('journey.dropoff')}
            required
            value={journey.dropoff}
            onChange={(dropoff) => patch({ dropoff })}
            call={call}
            error={journeyErrors.dropoff}
          />
        )}
        {rules.showViaStops && journey.vias.length < MAX_VIAS ? (
          <Button variant="subtle" w="fit-content" onClick={() => patch({ vias: [...journey.vias, emptyStop()] })}>
            {w('journey.addVia')}
          </Button>
        ) : null}
        {rules.showHourlyHire ? (
          <Checkbox
            label={w('journey.byTheHour')}
            checked={journey.byTheHour}
            onChange={(e) => patch({ byTheHour: e.currentTarget.checked })}
          />
        ) : null}
        {journey.byTheHour ? (
          <Select
            label={w('journey.howLong')}
            required
            data={hours}
            value={journey.hireMinutes}
            onChange={(hireMinutes) => patch({ hireMinutes })}
            error={journeyErrors.hireMinutes}
            allowDeselect={false}
          />
        ) : null}
        {rules.allowAsap ? (
          <Checkbox
            label={w('journey.asap')}
            checked={journey.asap}
            onChange={(e) => patch({ asap: e.currentTarget.checked })}
          />
        ) : null}
        {journey.asap && rules.allowAsap ? null : (
          <DateTimeField
            dateLabel={w('journey.day')}
            timeLabel={w('journey.time')}
            required
            value={journey.when}
            onChange={(when) => patch({ when })}
            error={journeyErrors.when}
            description={
              rules.minLeadMinutes > 0 ? w('journey.leadTime', { minutes: rules.minLeadMinutes }) : undefined
            }
          />
        )}
        <Group grow>
          {rules.showPassengerCount ? (
            <NumberInput
              label={w('journey.passengers')}
              min={1}
              max={60}
              allowDecimal={false}
              value={journey.passengers}
              onChange={(v) => patch({ passengers: Math.max(1, Number(v) || 1) })}
              error={journeyErrors.passengers}
            />
          ) : null}
          {rules.showLuggage ? (
            <NumberInput
              label={w('journey.luggage')}
              min={0}
              max={60}
              allowDecimal={false}
              value={journey.luggage}
              onChange={(v) => patch({ luggage: Math.max(0, Number(v) || 0) })}
              error={journeyErrors.luggage}
            />
          ) : null}
        </Group>
        <Button onClick={seeVehicles} loading={busy}>
          {w('journey.next')}
        </Button>
      </Stack>
    );
  }

  if (step === 'vehicle') {
    return (
      <Stack gap="sm" component="section">
        {stepHeading}
        {failed}
        {vehicles === null ? (
          <Loading label={w('vehicle.loading')} />
        ) : vehicles.length === 0 ? (
          <Alert color="yellow" title={w('vehicle.noneTitle')} role="status">
            {w(journey.luggage ? 'vehicle.noneWithBags' : 'vehicle.none', {
              count: journey.passengers,
              luggage: journey.luggage,
            })}
          </Alert>
        ) : (
          <Radio.Group
            label={w('vehicle.choose')}
            value={vehicleId ? String(vehicleId) : null}
            onChange={(v) => setVehicleId(Number(v))}
          >
            <Stack gap="xs" mt="xs">
              {vehicles.map((v) => (
                <Radio.Card
                  key={v.vehicleTypeId}
                  value={String(v.vehicleTypeId)}
                  p="sm"
                  radius="md"
                  data-testid="vehicle"
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div style={{ flex: 1 }}>
                      <Group justify="space-between" wrap="nowrap">
                        <Text fw={600}>{v.name}</Text>
                        <Text fw={600}>{money(v.priceMinor, v.currency)}</Text>
                      </Group>
                      <Text size="sm">{w('vehicle.fits', { seats: v.maxPassengers, bags: v.maxLuggage })}</Text>
                      {v.description ? <Text size="sm">{v.description}</Text> : null}
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="space-between">
          {back('journey')}
          <Button onClick={() => go('details')} disabled={!chosen}>
            {w('next')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step === 'details') {
    const field = (key: keyof Details, type = 'text', autoComplete?: string) => (
      <TextInput
        label={w(`details.${key}`)}
        required
        type={type}
        autoComplete={autoComplete}
        value={details[key]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDetails((d) => ({ ...d, [key]: value }));
          setDetailErrors((e) => ({ ...e, [key]: undefined }));
        }}
        error={detailErrors[key]}
      />
    );
    return (
      <Stack gap="sm" component="section">
        {stepHeading}
        {failed}
        {isVisitor ? null : <Text size="sm">{w('details.yours')}</Text>}
        {field('firstName', 'text', 'given-name')}
        {field('surname', 'text', 'family-name')}
        {field('phone', 'tel', 'tel')}
        {field('email', 'email', 'email')}
        {rules.showNotesForDriver ? (
          <Textarea
            label={w('details.notes')}
            required={rules.requireNotesForDriver}
            autosize
            minRows={2}
            maxLength={1000}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={detailErrors.notes}
          />
        ) : null}
        <Group justify="space-between">
          {back('vehicle')}
          <Button onClick={giveDetails} loading={busy}>
            {w('next')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step === 'payment') {
    const input = journeyInput(journey, rules);
    return (
      <Stack gap="sm" component="section">
        {stepHeading}
        {failed}
        <Radio.Group label={w('payment.how')} value={payBy} onChange={(v) => setPayBy(v === 'card' ? 'card' : 'cash')}>
          <Stack gap="xs" mt="xs">
            <Radio value="cash" label={w('payment.cash')} />
            <Radio value="card" label={w('payment.card')} description={w('payment.cardHint')} />
          </Stack>
        </Radio.Group>
        <Stack gap={4} data-testid="summary">
          <Text fw={600}>{w('payment.summary')}</Text>
          <Text size="sm">
            {w('payment.from')}: {journey.pickup.text}
          </Text>
          {journey.vias
            .filter((v) => v.text.trim())
            .map((v, i) => (
              <Text size="sm" key={i}>
                {w('payment.via')}: {v.text}
              </Text>
            ))}
          {journey.byTheHour ? (
            <Text size="sm">{w('journey.hours', { count: Number(journey.hireMinutes) / 60 })}</Text>
          ) : (
            <Text size="sm">
              {w('payment.to')}: {journey.dropoff.text}
            </Text>
          )}
          <Text size="sm">
            {w('payment.when')}:{' '}
            {input.isAsap || !input.pickupAt
              ? w('journey.asap')
              : companyTime(input.pickupAt, rules.timezone, i18n.language)}
          </Text>
          <Text size="sm">
            {w('payment.vehicle')}: {chosen?.name}
          </Text>
          <Text size="sm">
            {w('payment.passenger')}: {details.firstName} {details.surname}
          </Text>
          <Text fw={600}>
            {w('payment.price')}: {chosen ? money(chosen.priceMinor, chosen.currency) : '—'}
          </Text>
        </Stack>
        {payBy === 'card' ? (
          cardProvider ? (
            <CardForm
              provider={cardProvider.provider}
              publishableKey={cardProvider.publishableKey}
              submitLabel={w('payment.bookAndPay', { price: chosen ? money(chosen.priceMinor, chosen.currency) : '' })}
              busy={busy}
              onToken={(token) => book(token)}
            />
          ) : (
            <Loading label={w('payment.cardLoading')} />
          )
        ) : null}
        <Group justify="space-between">
          {back('details')}
          {payBy === 'cash' ? (
            <Button onClick={() => book()} loading={busy} disabled={!chosen}>
              {w('payment.book')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section">
      {stepHeading}
      <Alert color="teal" icon={<IconCircleCheck />} title={w('done.title', { id: booked?.id })} role="status">
        <Text size="sm" data-testid="booking-number">
          {w('done.number', { id: booked?.id })}
        </Text>
        <Text size="sm">{w('done.pending')}</Text>
        {cardPaid ? (
          <Text size="sm" data-testid="card-authorised">
            {w('done.cardAuthorised', { price: booked ? money(booked.priceMinor, booked.currency) : '' })}
          </Text>
        ) : null}
        {booked ? (
          <Text size="sm">
            {booked.isAsap ? w('journey.asap') : companyTime(booked.pickupAt, rules.timezone, i18n.language)}
            {booked.priceMinor !== null ? ` · ${money(booked.priceMinor, booked.currency)}` : ''}
          </Text>
        ) : null}
      </Alert>
      {booked && payBy === 'card' && !cardPaid ? (
        <Stack gap="xs" data-testid="card-retry">
          <Problem title={w('done.cardFailedTitle')}>{cardFailure ?? w('done.cardFailed')}</Problem>
          {cardProvider ? (
            <CardForm
              provider={cardProvider.provider}
              publishableKey={cardProvider.publishableKey}
              submitLabel={w('done.payAgain')}
              busy={busy}
              onToken={async (token) => {
                setBusy(true);
                await payByCard(booked.id, token);
                setBusy(false);
              }}
            />
          ) : null}
        </Stack>
      ) : null}
      {booked?.confirmationToken && confirmationLink ? (
        <Text size="sm">
          {w('done.keep')}{' '}
          <Anchor
            component={Link}
            to={confirmationLink(booked.confirmationToken)}
            underline="always"
            data-testid="confirmation-link"
          >
            {w('done.link')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
