import {
  Button,
  Checkbox,
  Grid,
  Group,
  Kbd,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { schemas } from '@cabdesk/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { DateTimeField } from '../../../ui/DateTimeField';
import { LookupSelect } from '../../../ui/LookupSelect';
import { notifyError } from '../../../ui/notify';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';
import { LocalDates } from '../../dashboard/LocalDates';
import { callApi } from '../../../api/client';
import type { BookingDetails } from '../api';
import { ClientSection } from './ClientSection';
import { FlightLookup } from './FlightLookup';
import {
  type BookingFormValues,
  emptyValues,
  errorsToForm,
  extraErrors,
  isHourlyHire,
  toInput,
  toUpdateInput,
  valuesFromBooking,
} from './form-values';
import { PassengerPicker } from './PassengerPicker';
import { PriceSection } from './PriceSection';
import { RepeatSection } from './RepeatSection';
import { placeAddress } from './place-address';
import { StopsEditor } from './StopsEditor';
import { useKnownPlaceSearch } from './useKnownPlaces';

const validateFields = zodValidate(schemas.bookingFields);

interface Props {
  /** The booking being edited; null makes a new one. */
  booking: BookingDetails | null;
  onSaved: (booking: BookingDetails) => void;
  onCancel: () => void;
}

/**
 * The booking form. Checked as you type with the contract's rules; the server's field errors land
 * beside their fields. Ctrl+Enter or Ctrl+S (⌘) saves from anywhere; Enter in a field only chooses a
 * suggestion (docs/web-bookings.md, keyboard).
 */
export function BookingForm({ booking, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const isNew = booking === null;
  const vehicleTypes = useCall('Common/GetVehicleTypeList', { perPage: 0 }, { staleTime: 60_000 });
  const create = useCallMutation('Booking/Create');
  const update = useCallMutation('Booking/Update');
  const [lookingUp, setLookingUp] = useState<number | null>(null);
  const [finding, setFinding] = useState<number | null>(null);

  const form = useForm<BookingFormValues>({
    initialValues: booking ? valuesFromBooking(booking) : emptyValues(),
    validate: (values) => {
      const input = toInput(values, { isNew });
      return { ...errorsToForm(validateFields(input as never), input), ...extraErrors(values) };
    },
  });

  const send = async (values: BookingFormValues): Promise<{ message: string; data: BookingDetails }> => {
    const input = booking ? toUpdateInput(values, booking) : toInput(values, { isNew });
    try {
      const answer = booking
        ? await update.mutateAsync(toUpdateInput(values, booking))
        : await create.mutateAsync(toInput(values, { isNew }));
      // Spec 000 §4/§5: a create or update answering another code than 200 has failed.
      if ((answer.code as number) !== 200) {
        throw new ApiError(answer.code, answer.message || t('bookings.form.notSaved'));
      }
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        const byForm = errorsToForm(error.errors, input as never);
        throw new ApiError(
          error.status,
          error.message,
          Object.entries(byForm).map(([field, message]) => ({ field, message })),
          error.body,
        );
      }
      throw error;
    }
  };

  const submit = useSubmit(form, send, {
    success: isNew ? t('bookings.form.created') : t('bookings.form.saved'),
    onDone: (res) => onSaved(res.data),
  });
  // Save from anywhere, inside fields too.
  useHotkeys(
    [
      ['mod+S', () => submit()],
      ['mod+Enter', () => submit()],
    ],
    [],
  );

  // The focus starts on the first field (the passenger), not on the page or the menu.
  const firstField = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    firstField.current?.focus();
  }, [form.values.passengerMode]);

  const lookUpPostcode = async (index: number) => {
    const stop = form.values.stops[index];
    if (!stop?.postcode.trim()) return;
    setLookingUp(index);
    try {
      const postcode = stop.postcode.trim().toUpperCase();
      const [match] = (await callApi('FlightDetails/GetPostCode', { postcode })).data;
      if (!match) {
        form.setFieldError(`stops.${index}.postcode`, t('bookings.form.postcodeNotFound'));
        return;
      }
      form.setFieldValue(`stops.${index}`, {
        ...stop,
        postcode: match.postcode || postcode,
        address: stop.address.trim() ? stop.address : (match.address ?? match.placeName ?? stop.address),
        lat: match.lat ?? stop.lat,
        lng: match.lng ?? stop.lng,
        knownLocationId: match.knownLocationId ?? stop.knownLocationId,
      });
      form.clearFieldError(`stops.${index}.postcode`);
    } catch (error) {
      notifyError(t('bookings.form.postcodeFailed'), error);
      form.setFieldError(`stops.${index}.postcode`, messageOf(error));
    } finally {
      setLookingUp(null);
    }
  };

  /** Places a typed address with the first thing the address search finds, or says it found nothing. */
  const findAddress = async (index: number) => {
    const stop = form.values.stops[index];
    if (!stop?.address.trim()) return;
    setFinding(index);
    try {
      const found = await placeAddress(stop.address, stop.postcode, t);
      const now = form.getValues().stops[index];
      // The person went on typing meanwhile: this answer is for words no longer there.
      if (!now || now.key !== stop.key || now.address !== stop.address) return;
      form.setFieldValue(
        `stops.${index}`,
        found
          ? {
              ...now,
              lat: found.lat,
              lng: found.lng,
              postcode: now.postcode.trim() ? now.postcode : (found.postcode ?? ''),
              knownLocationId: found.knownLocationId ?? now.knownLocationId,
              placedBy: found.how,
              notFound: false,
            }
          : { ...now, placedBy: null, notFound: true },
      );
      if (found) form.clearFieldError(`stops.${index}.address`);
    } catch {
      // The search failing is no reason to stop: the person can still drop the pin.
      const now = form.getValues().stops[index];
      if (now?.key === stop.key) form.setFieldValue(`stops.${index}.notFound`, true);
    } finally {
      setFinding(null);
    }
  };

  const vehicleType = vehicleTypes.data?.data.find((v) => v.id === form.values.vehicleTypeId);
  const hourly = isHourlyHire(form.values) || !!form.errors.hireMinutes;
  const saving = create.isPending || update.isPending;

  const passengerSection = (
    <Section title={t('bookings.section.passenger')}>
      <SegmentedControl
        mb="sm"
        size="xs"
        data={[
          { value: 'existing', label: t('bookings.form.existingPassenger') },
          { value: 'new', label: t('bookings.form.newPassenger') },
        ]}
        {...form.getInputProps('passengerMode')}
      />
      {form.values.passengerMode === 'existing' ? (
        <PassengerPicker
          inputRef={firstField}
          label={t('bookings.field.passenger')}
          placeholder={t('bookings.form.searchPassenger')}
          value={form.values.passengerId}
          initialLabel={booking?.passengerName}
          error={form.errors.passengerId}
          onChange={(id, passenger) => {
            form.setFieldValue('passengerId', id);
            if (passenger?.clientId && !form.values.clientId) {
              form.setFieldValue('clientId', passenger.clientId);
            }
          }}
        />
      ) : (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              ref={firstField}
              label={t('bookings.field.firstName')}
              required
              {...form.getInputProps('newPassenger.firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('bookings.field.surname')} required {...form.getInputProps('newPassenger.surname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('bookings.field.phone')} type="tel" {...form.getInputProps('newPassenger.phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('bookings.field.email')} type="email" {...form.getInputProps('newPassenger.email')} />
          </Grid.Col>
        </Grid>
      )}
    </Section>
  );

  const journeySection = (
    <Section title={t('bookings.section.journey')}>
      <StopsEditor
        stops={form.values.stops}
        onChange={(stops) => {
          clearStopErrors(form, stops);
          form.setFieldValue('stops', stops);
        }}
        errorOf={(path) => form.errors[path] as string | undefined}
        usePlaceSearch={useKnownPlaceSearch}
        onLookupPostcode={lookUpPostcode}
        lookingUp={lookingUp}
        onFindAddress={findAddress}
        finding={finding}
        allowUnplaced={form.values.allowUnplaced}
        onAllowUnplaced={(allow) => form.setFieldValue('allowUnplaced', allow)}
      />
      <Grid gap="sm" mt="sm" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <DateTimeField
            dateLabel={t('bookings.form.pickupDay')}
            timeLabel={t('bookings.form.pickupTime')}
            value={form.values.isAsap ? null : form.values.pickupAt}
            onChange={(v) => {
              form.setFieldValue('pickupAt', v);
              form.clearFieldError('pickupAt');
            }}
            datePlaceholder={form.values.isAsap ? t('bookings.form.asap') : undefined}
            disabled={form.values.isAsap}
            required={!form.values.isAsap}
            error={form.errors.pickupAt}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <LookupSelect
            call="Common/GetVehicleTypeList"
            label={t('bookings.field.vehicleType')}
            required
            selectFirstOptionOnChange
            value={form.values.vehicleTypeId}
            onChange={(v) => form.setFieldValue('vehicleTypeId', (v as number | null) ?? null)}
            error={form.errors.vehicleTypeId}
            description={
              vehicleType
                ? t('bookings.form.vehicleFits', {
                    passengers: vehicleType.maxPassengers,
                    luggage: vehicleType.maxLuggage,
                  })
                : undefined
            }
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group gap="lg" align="flex-start">
            <Checkbox label={t('bookings.form.asap')} {...form.getInputProps('isAsap', { type: 'checkbox' })} />
            {isNew ? (
              <Checkbox
                label={t('bookings.form.backEntry')}
                description={t('bookings.form.backEntryHint')}
                {...form.getInputProps('isBackEntry', { type: 'checkbox' })}
              />
            ) : null}
          </Group>
        </Grid.Col>
        {hourly ? (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LookupSelect
              call="Common/GetDurationList"
              valueKey="code"
              label={t('bookings.field.hireDuration')}
              description={t('bookings.form.hireHint')}
              required
              selectFirstOptionOnChange
              value={form.values.hireMinutes === '' ? null : String(form.values.hireMinutes)}
              onChange={(v) => form.setFieldValue('hireMinutes', v === null ? '' : Number(v))}
              error={form.errors.hireMinutes}
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Section>
  );

  const vehicleSection = (
    <Section title={t('bookings.section.vehicle')}>
      <Grid gap="sm">
        <Grid.Col span={6}>
          <NumberInput
            label={t('bookings.field.passengerCount')}
            min={1}
            max={60}
            allowDecimal={false}
            {...form.getInputProps('passengerCount')}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <NumberInput
            label={t('bookings.field.luggageCount')}
            min={0}
            max={60}
            allowDecimal={false}
            {...form.getInputProps('luggageCount')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <FlightLookup form={form} />
        </Grid.Col>
      </Grid>
    </Section>
  );

  // The Tab order follows a phone call: who travels, from where to where, when, in what; the rest after.
  return (
    <LocalDates>
      <form
        onSubmit={submit}
        noValidate
        aria-label={t(isNew ? 'bookings.form.newTitle' : 'bookings.form.editTitle')}
        onKeyDown={(e) => {
          // Enter chooses a suggestion (the suggestion box handles it) and never sends the form from
          // a field; Ctrl+Enter, Ctrl+S or the Save button send it.
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault();
          }
        }}
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              {passengerSection}
              {journeySection}
              {vehicleSection}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <Section title={t('bookings.section.client')}>
                <ClientSection form={form} bookingId={booking?.id ?? null} />
              </Section>

              <Section title={t('bookings.section.notes')}>
                <Stack gap="sm">
                  <Textarea
                    label={t('bookings.field.notesForDriver')}
                    autosize
                    minRows={2}
                    maxRows={6}
                    {...form.getInputProps('notesForDriver')}
                  />
                  <Textarea
                    label={t('bookings.field.notesForOffice')}
                    autosize
                    minRows={2}
                    maxRows={6}
                    {...form.getInputProps('notesForOffice')}
                  />
                </Stack>
              </Section>

              <Section title={t('bookings.section.price')}>
                <PriceSection form={form} isNew={isNew} />
              </Section>

              {isNew ? (
                <Section title={t('bookings.section.repeat')}>
                  <RepeatSection form={form} />
                </Section>
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>

        <Paper
          withBorder
          radius="md"
          p="sm"
          mt="md"
          pos="sticky"
          bottom={8}
          style={{ zIndex: 5, boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> {t('bookings.form.or')} <Kbd size="xs">Ctrl</Kbd>+
              <Kbd size="xs">S</Kbd> {t('bookings.form.saveKeys')} · {t('bookings.form.enterHint')} ·{' '}
              {t('bookings.form.moveKeysHint')}
            </Text>
            <Group gap="sm" ms="auto">
              <Button variant="default" onClick={onCancel}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
                {isNew ? t('bookings.form.create') : t('bookings.form.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </form>
    </LocalDates>
  );
}

/** A stop's errors go once it is edited; after a reorder or removal none still point at the right stop. */
function clearStopErrors(form: UseFormReturnType<BookingFormValues>, next: BookingFormValues['stops']) {
  const before = form.values.stops;
  const sameOrder = before.length === next.length && before.every((s, i) => s.key === next[i]?.key);
  const changed = new Set(next.flatMap((s, i) => (sameOrder && before[i] === s ? [] : [i])));
  const kept = Object.fromEntries(
    Object.entries(form.errors).filter(([path]) => {
      const m = /^stops\.(\d+)\./.exec(path);
      return !m || (sameOrder && !changed.has(Number(m[1])));
    }),
  );
  form.setErrors(kept);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
