import { Badge, Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlaneArrival } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { dateTime } from '../../../ui/format';
import type { FlightInfo } from '../api';
import type { BookingFormValues } from './form-values';

/** The flight number and a "look up" that shows what the flight provider knows about it on the pick-up day. */
export function FlightLookup({ form }: { form: UseFormReturnType<BookingFormValues> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<FlightInfo | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const flightNumber = form.values.flightNumber.trim().toUpperCase();

  const lookUp = async () => {
    setBusy(true);
    setFailure(null);
    setInfo(null);
    try {
      const date = form.values.pickupAt ? dayjs(form.values.pickupAt).format('YYYY-MM-DD') : undefined;
      const answer = await callApi('FlightDetails/GetFlightDetails', { flightNumber, ...(date ? { date } : {}) });
      setInfo(answer.data);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const lines: [string, string | null][] = info
    ? [
        [t('bookings.flight.airline'), info.airlineName ?? info.airlineCode],
        [t('bookings.flight.route'), [info.origin, info.destination].filter(Boolean).join(' → ') || null],
        [t('bookings.flight.scheduledArrival'), info.scheduledArrival ? dateTime(info.scheduledArrival) : null],
        [t('bookings.flight.estimatedArrival'), info.estimatedArrival ? dateTime(info.estimatedArrival) : null],
        [t('bookings.flight.terminal'), info.terminal],
        [t('bookings.flight.status'), info.status],
      ]
    : [];

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('bookings.field.flightNumber')}
          placeholder="BA123"
          style={{ flex: 1 }}
          {...form.getInputProps('flightNumber')}
          onChange={(e) => {
            form.setFieldValue('flightNumber', e.currentTarget.value.toUpperCase());
            setInfo(null);
            setFailure(null);
          }}
        />
        <Button
          variant="default"
          leftSection={<IconPlaneArrival size={16} />}
          loading={busy}
          disabled={!flightNumber}
          onClick={lookUp}
        >
          {t('bookings.form.lookUpFlight')}
        </Button>
      </Group>
      {info ? (
        <Paper withBorder p="xs" mt="xs" radius="md" bg="var(--mantine-color-blue-light)" role="status">
          <Group gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {info.flightNumber}
            </Text>
            {info.isEstimate ? (
              <Badge
                size="xs"
                color="orange"
                variant="light"
                title={`${t('bookings.flight.offlineHint')} (${info.provider})`}
              >
                {t('bookings.flight.offline')}
              </Badge>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
            {lines
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <Text key={label} size="xs">
                  <Text span c="dimmed" size="xs">
                    {label}:
                  </Text>{' '}
                  {value}
                </Text>
              ))}
          </SimpleGrid>
        </Paper>
      ) : null}
      {failure ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {t('bookings.form.flightFailed')}: {failure}
        </Text>
      ) : null}
    </>
  );
}
