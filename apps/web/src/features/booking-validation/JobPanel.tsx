import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime, money, toMinor } from '../../ui/format';
import { PriceBreakdown } from '../pricing';

type Row = CallOutput<'BookingValidation/GetBookingValidataion'>;
type Recalculation = CallOutput<'BookingValidation/UpdateBookingValidatationCalculations'>;

export interface RecalcFields {
  waitingMinutes: string;
  drivenKm: string;
}

const km = (metres: number | null | undefined) =>
  metres === null || metres === undefined ? '—' : `${(metres / 1000).toFixed(1)} km`;

/** The job in hand: what was priced beside what happened, the recalculation, and its check. */
export function JobPanel({
  row,
  fields,
  onFields,
  recalc,
  busy,
  onValidate,
  onInvalid,
  onBack,
  onOverride,
  onRecalculate,
  onAccept,
}: {
  row: Row;
  fields: RecalcFields;
  onFields: (f: RecalcFields) => void;
  recalc: Recalculation | null;
  busy: boolean;
  onValidate: () => void;
  onInvalid: () => void;
  onBack: () => void;
  onOverride: (acceptedMinor: number, reason: string) => Promise<boolean>;
  onRecalculate: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const [override, setOverride] = useState<{ amount: string; reason: string } | null>(null);
  const m = (v: number | null | undefined) => money(v ?? null, row.currency);
  const facts: [string, string][] = [
    [t('booking-validation.pickup'), dateTime(row.pickupAt)],
    [t('booking-validation.route'), row.routeSummary],
    [t('booking-validation.client'), row.clientName ?? '—'],
    [t('booking-validation.passenger'), row.passengerName ?? '—'],
    [t('booking-validation.driver'), row.driverName ?? t('booking-validation.noDriver')],
    [t('booking-validation.vehicleType'), row.vehicleTypeName ?? '—'],
    [
      t('booking-validation.paymentMethod'),
      row.paymentMethod
        ? t(`booking-validation.method.${row.paymentMethod}`, { defaultValue: row.paymentMethod })
        : '—',
    ],
  ];
  const compare: [string, string, string][] = [
    [t('booking-validation.fare'), m(row.priceMinor), recalc ? m(recalc.recalculated.priceMinor) : '—'],
    [t('booking-validation.distance'), km(row.pricedMetres), km(row.drivenMetres)],
    [t('booking-validation.waitingMinutes'), '—', String(row.waitingMinutes)],
    [t('booking-validation.extras'), m(row.extrasMinor), m(row.extrasMinor)],
    [t('booking-validation.expenses'), '—', m(row.expensesMinor)],
    [t('booking-validation.noShow'), '—', row.noShow ? t('booking-validation.yes') : t('booking-validation.no')],
  ];
  const locked = row.invoiceId !== null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="job-panel" aria-labelledby="job-panel-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="job-panel-title">
            {t('booking-validation.bookingNumber', { number: row.bookingNumber })}
          </Title>
          <Badge
            variant="light"
            color={row.validationStatus === 'validated' ? 'teal' : row.validationStatus === 'invalid' ? 'red' : 'gray'}
            data-testid="job-status"
          >
            {t(`booking-validation.status.${row.validationStatus}`)}
          </Badge>
        </Group>
        {row.reason ? (
          <Text size="sm">
            {t('booking-validation.reason')}: {row.reason}
          </Text>
        ) : null}
        {locked ? <Alert color="blue">{t('booking-validation.onInvoice', { id: row.invoiceId })}</Alert> : null}
        <Table fz="sm" verticalSpacing={2} withRowBorders={false}>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="35%" fw={500}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table fz="sm" verticalSpacing={2} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Text size="xs" c="dimmed" component="span">
                  {t('booking-validation.what')}
                </Text>
              </Table.Th>
              <Table.Th ta="right">{t('booking-validation.priced')}</Table.Th>
              <Table.Th ta="right">{t('booking-validation.happened')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {compare.map(([label, priced, happened]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{priced}</Table.Td>
                <Table.Td ta="right">{happened}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('booking-validation.waitingMinutes')}
            placeholder={String(row.waitingMinutes)}
            inputMode="numeric"
            value={fields.waitingMinutes}
            onChange={(e) => onFields({ ...fields, waitingMinutes: e.currentTarget.value })}
            w={130}
          />
          <TextInput
            label={t('booking-validation.drivenKm')}
            placeholder={
              row.drivenMetres !== null ? (row.drivenMetres / 1000).toFixed(1) : t('booking-validation.asPriced')
            }
            inputMode="decimal"
            value={fields.drivenKm}
            onChange={(e) => onFields({ ...fields, drivenKm: e.currentTarget.value })}
            w={130}
          />
          <Button variant="light" onClick={onRecalculate} loading={busy} disabled={locked}>
            {t('booking-validation.recalculate')}{' '}
            <Kbd ml={6} size="xs">
              R
            </Kbd>
          </Button>
        </Group>
        {recalc ? (
          <Stack gap="xs" data-testid="recalculation">
            <Text size="sm" fw={600} aria-live="polite">
              {t('booking-validation.difference', {
                priced: m(recalc.priced.priceMinor),
                recalculated: m(recalc.recalculated.priceMinor),
                difference: m(recalc.differenceMinor),
              })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('booking-validation.priced')}
                </Text>
                {recalc.priced.breakdown ? (
                  <PriceBreakdown breakdown={recalc.priced.breakdown} currency={recalc.currency} compact />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('booking-validation.noBreakdown')}
                  </Text>
                )}
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('booking-validation.recalculated')}
                </Text>
                {recalc.recalculated.breakdown ? (
                  <PriceBreakdown breakdown={recalc.recalculated.breakdown} currency={recalc.currency} compact />
                ) : null}
              </Stack>
            </SimpleGrid>
            <Button onClick={onAccept} loading={busy} disabled={locked || row.validationStatus === 'validated'}>
              {t('booking-validation.accept')}{' '}
              <Kbd ml={6} size="xs">
                Enter
              </Kbd>
            </Button>
          </Stack>
        ) : null}
        <Group gap="xs">
          <Button color="teal" onClick={onValidate} loading={busy} disabled={locked}>
            {t('booking-validation.validate')}{' '}
            <Kbd ml={6} size="xs">
              V
            </Kbd>
          </Button>
          <Button color="red" variant="light" onClick={onInvalid} disabled={busy || locked}>
            {t('booking-validation.markInvalid')}{' '}
            <Kbd ml={6} size="xs">
              I
            </Kbd>
          </Button>
          <Button
            variant="default"
            onClick={() => setOverride(override ? null : { amount: '', reason: '' })}
            disabled={busy || locked || row.validationStatus === 'validated'}
          >
            {t('booking-validation.override')}
          </Button>
          {row.validationStatus !== 'toValidate' ? (
            <Button variant="subtle" onClick={onBack} disabled={busy || locked}>
              {t('booking-validation.backToValidate')}
            </Button>
          ) : null}
        </Group>
        {override ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void onOverride(toMinor(override.amount), override.reason.trim()).then((ok) => ok && setOverride(null));
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label={t('booking-validation.billAt')}
                inputMode="decimal"
                required
                value={override.amount}
                onChange={(e) => setOverride({ ...override, amount: e.currentTarget.value })}
                w={120}
              />
              <TextInput
                label={t('booking-validation.reason')}
                required
                value={override.reason}
                onChange={(e) => setOverride({ ...override, reason: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={busy}>
                {t('booking-validation.saveOverride')}
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Asks why a job is invalid; the reason is required. */
export function InvalidDialog({
  opened,
  bookingNumber,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  bookingNumber: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setReason('');
        setError(null);
        onClose();
      }}
      title={t('booking-validation.invalidTitle', { number: bookingNumber })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(t('booking-validation.reasonRequired'));
            return;
          }
          void onSubmit(reason.trim()).then(() => {
            setReason('');
            setError(null);
          });
        }}
      >
        <Stack>
          <Textarea
            label={t('booking-validation.reason')}
            required
            data-autofocus
            autosize
            minRows={2}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('booking-validation.cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('booking-validation.markInvalid')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
