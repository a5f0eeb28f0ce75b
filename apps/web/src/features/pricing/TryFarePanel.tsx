import { Alert, Badge, Button, Grid, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { wallToIso } from '../../ui/date-entry';
import { DateTimeField } from '../../ui/DateTimeField';
import { money } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { SuggestInput } from '../../ui/SuggestInput';
import { placeAddress } from '../bookings/form/place-address';
import type { KnownPlace } from '../bookings/form/StopsEditor';
import { useKnownPlaceSearch } from '../bookings/form/useKnownPlaces';
import { PriceBreakdown } from './PriceBreakdown';

type Quote = CallOutput<'Booking/GetBookingQuote'>;
type Stop = CallInput<'Booking/GetBookingQuote'>['stops'][number];

interface Place {
  address: string;
  lat?: number;
  lng?: number;
  postcode?: string;
  knownLocationId?: number;
}

/** One place: the booking form's search of known places; a typed address is placed when the fare is asked. */
function PlaceInput({ label, place, onChange }: { label: string; place: Place; onChange: (place: Place) => void }) {
  const { t } = useTranslation();
  const found = useKnownPlaceSearch(place.address);
  return (
    <SuggestInput<KnownPlace>
      label={label}
      placeholder={t('bookings.form.addressPlaceholder')}
      value={place.address}
      onChange={(address) => onChange({ address })}
      suggestions={found.suggestions}
      searching={found.searching}
      keyOf={(p) => String(p.id)}
      render={(p) => (
        <Stack gap={0}>
          <Text size="sm">{p.name}</Text>
          <Text size="xs" c="dimmed">
            {p.address}
          </Text>
        </Stack>
      )}
      onPick={(p) =>
        onChange({
          address: p.name,
          knownLocationId: p.id,
          ...(p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : {}),
          ...(p.postcode ? { postcode: p.postcode } : {}),
        })
      }
      searchingText={t('bookings.form.searching')}
      nothingFound={t('bookings.form.noPlace')}
    />
  );
}

interface Answer {
  key: string;
  title: string;
  isBooking: boolean;
  quote?: Quote;
  error?: string;
}

/**
 * Try a fare: two places, a vehicle type, a time and (for an hourly hire) hours; the price a
 * booking would get, then the price under each active model, each with its breakdown and why
 * the rules that did not match did not.
 */
export function TryFarePanel() {
  const { t } = useTranslation();
  const [from, setFrom] = useState<Place>({ address: '' });
  const [to, setTo] = useState<Place>({ address: '' });
  const [vehicleTypeId, setVehicleTypeId] = useState<number | null>(null);
  const [when, setWhen] = useState<string | null>(null);
  const [hours, setHours] = useState<number | ''>('');
  const [answers, setAnswers] = useState<Answer[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const models = useCall('Pricing/GetTableSummary', { perPage: 0, isActive: true });

  const place = async (p: Place): Promise<Stop> => {
    if (p.lat !== undefined || p.knownLocationId !== undefined || !p.address.trim()) return p;
    const found = await placeAddress(p.address, '', t);
    return found
      ? {
          address: p.address,
          lat: found.lat,
          lng: found.lng,
          ...(found.postcode ? { postcode: found.postcode } : {}),
          ...(found.knownLocationId ? { knownLocationId: found.knownLocationId } : {}),
        }
      : p;
  };

  const tryFare = async () => {
    setProblem(null);
    if (!from.address.trim() || (!to.address.trim() && !hours)) {
      setProblem(t('pricing.try.needPlaces'));
      return;
    }
    setBusy(true);
    try {
      const stops = [await place(from), ...(to.address.trim() ? [await place(to)] : [])];
      const base: CallInput<'Booking/GetBookingQuote'> = {
        stops,
        ...(vehicleTypeId ? { vehicleTypeId } : {}),
        ...(when && /\d{2}:\d{2}$/.test(when) ? { pickupAt: wallToIso(when) } : {}),
        ...(hours ? { hireMinutes: Math.max(30, Math.round(hours * 60)) } : {}),
      };
      const active = models.data?.data ?? [];
      const asks: { key: string; title: string; isBooking: boolean; input: CallInput<'Booking/GetBookingQuote'> }[] = [
        { key: 'booking', title: t('pricing.try.asBooking'), isBooking: true, input: base },
        ...active.map((m) => ({
          key: `m${m.id}`,
          title: m.name,
          isBooking: false,
          input: { ...base, pricingModelID: m.id },
        })),
      ];
      const settled = await Promise.all(
        asks.map(async (ask) => {
          try {
            return { ...ask, quote: (await callApi('Booking/GetBookingQuote', ask.input)).data };
          } catch (error) {
            return { ...ask, error: messageOf(error) };
          }
        }),
      );
      setAnswers(settled);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      mt="lg"
      component="section"
      aria-labelledby="try-fare-title"
      data-testid="try-fare"
    >
      <Stack gap="md">
        <div>
          <Title order={3} id="try-fare-title">
            {t('pricing.try.title')}
          </Title>
          <Text size="sm">{t('pricing.try.intro')}</Text>
        </div>
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PlaceInput label={t('pricing.try.from')} place={from} onChange={setFrom} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PlaceInput label={t('pricing.try.to')} place={to} onChange={setTo} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <LookupSelect
              call="Common/GetVehicleTypeList"
              label={t('pricing.vehicleType')}
              placeholder={t('pricing.try.anyVehicle')}
              value={vehicleTypeId}
              onChange={(v) => setVehicleTypeId(typeof v === 'number' ? v : null)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <DateTimeField
              value={when}
              onChange={setWhen}
              dateLabel={t('pricing.try.day')}
              timeLabel={t('pricing.try.time')}
              description={t('pricing.try.whenHint')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <NumberInput
              label={t('pricing.try.hours')}
              min={0.5}
              max={24}
              step={0.5}
              decimalScale={2}
              value={hours}
              onChange={(v) => setHours(typeof v === 'number' ? v : '')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Button fullWidth leftSection={<IconCalculator size={16} />} loading={busy} onClick={() => void tryFare()}>
              {t('pricing.try.go')}
            </Button>
          </Grid.Col>
        </Grid>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {answers ? (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-live="polite" data-testid="try-answers">
            {answers.map((a) => (
              <Paper key={a.key} withBorder radius="md" p="md" data-testid={`try-${a.key}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600}>{a.title}</Text>
                      {a.isBooking ? (
                        <Badge size="xs" variant="light">
                          {t('pricing.try.precedence')}
                        </Badge>
                      ) : null}
                    </div>
                    {a.quote ? (
                      <Text fw={700} size="lg">
                        {money(a.quote.priceMinor, a.quote.currency)}
                      </Text>
                    ) : null}
                  </Group>
                  {a.error ? (
                    <Text size="sm" c="red">
                      {t('pricing.try.cannot', { reason: a.error })}
                    </Text>
                  ) : a.quote?.breakdown ? (
                    <PriceBreakdown breakdown={a.quote.breakdown} currency={a.quote.currency} />
                  ) : (
                    <Text size="sm">{a.quote?.note || t('pricing.try.noBreakdown')}</Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
