import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconNote, IconPhone, IconPlane, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../../ui/format';
import { fixedLabel } from '../../../../ui/fixedLabel';
import { driverPayOf, type JobRow } from '../model';
import { telUrl } from './navigation';

/** Who rides, how many with how much luggage, and a flight to meet; the phone number is one tap. */
export function PassengerFacts({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text fw={600} size="lg">
        {job.passengerName ?? t('driver-app.jobs.details.noPassenger')}
      </Text>
      {job.passengerPhone ? (
        <Button
          component="a"
          href={telUrl(job.passengerPhone)}
          size="md"
          variant="light"
          color="teal"
          leftSection={<IconPhone size={18} />}
          aria-label={t('driver-app.jobs.details.callPassenger', {
            name: job.passengerName ?? t('driver-app.jobs.details.passenger'),
            phone: job.passengerPhone,
          })}
        >
          {job.passengerPhone}
        </Button>
      ) : null}
      <Fact icon={<IconUsers size={18} />} label={t('driver-app.jobs.details.passengers')}>
        {job.passengerCount}
      </Fact>
      <Fact icon={<IconBriefcase size={18} />} label={t('driver-app.jobs.details.luggage')}>
        {job.luggageCount}
      </Fact>
      {job.flightNumber ? (
        <Fact icon={<IconPlane size={18} />} label={t('driver-app.jobs.details.flight')}>
          {job.flightNumber}
        </Fact>
      ) : null}
      {job.notesForDriver ? (
        <Alert
          color="yellow"
          icon={<IconNote size={18} />}
          title={t('driver-app.jobs.details.notes')}
          data-testid="driver-notes"
        >
          {job.notesForDriver}
        </Alert>
      ) : null}
      {job.clientName ? <Fact label={t('driver-app.jobs.details.account')}>{job.clientName}</Fact> : null}
      {job.vehicleTypeName ? <Fact label={t('driver-app.jobs.details.vehicleType')}>{job.vehicleTypeName}</Fact> : null}
    </Stack>
  );
}

/** How the passenger pays, the fare, and what the driver is paid (an estimate until a statement is approved). */
export function PaymentFacts({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const driverPay = driverPayOf(job);
  return (
    <Stack gap="xs">
      <Fact label={t('driver-app.jobs.details.paymentMethod')}>
        {job.paymentMethod ? fixedLabel('paymentMethod', job.paymentMethod) : t('driver-app.jobs.details.notSet')}
      </Fact>
      <Fact label={t('driver-app.jobs.details.fareLabel')}>
        {job.priceMinor !== null ? money(job.priceMinor, job.currency) : t('driver-app.jobs.details.notSet')}
      </Fact>
      {driverPay !== null ? (
        <Fact
          label={t(
            driverPay.estimated
              ? 'driver-app.jobs.details.yourPriceEstimateLabel'
              : 'driver-app.jobs.details.yourPriceLabel',
          )}
        >
          {money(driverPay.amount, job.currency)}
        </Fact>
      ) : null}
    </Stack>
  );
}

function Fact({ icon, label, children }: { icon?: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Group gap={6} wrap="nowrap">
        {icon ? (
          <Text span c="dimmed" style={{ display: 'flex' }} aria-hidden>
            {icon}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}
