import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CallInput, CallOutput } from '@cabdesk/contract';
import { IconCalculator, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { messageOf } from '../../api/errors';
import { wallToIso } from '../../ui/date-entry';
import { DateTimeField } from '../../ui/DateTimeField';
import { money } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { currencySymbol } from '../../ui/rules/fields';
import { MONEY, moneyToMinor } from '../../ui/rules/values';

type JobPay = CallOutput<'DriverPayment/TryJob'>;
type Method = CallInput<'DriverPayment/TryJob'>['paymentMethod'];

/**
 * Try a job: a sample job (fare, how it is paid, when, how far and long, which vehicle and client)
 * and what the model pays its driver for it, with every item and every rule the engine looked at —
 * the same breakdown a real job of the model carries on its statement.
 */
export function TryJobPanel({ modelId, hasRules }: { modelId: number; hasRules: boolean }) {
  const { t } = useTranslation();
  const [fare, setFare] = useState('25.00');
  const [method, setMethod] = useState<Method>('cash');
  const [when, setWhen] = useState<string | null>(null);
  const [km, setKm] = useState<number | ''>(10);
  const [minutes, setMinutes] = useState<number | ''>(25);
  const [hourlyHire, setHourlyHire] = useState(false);
  const [ownCar, setOwnCar] = useState(false);
  const [vehicleTypeId, setVehicleTypeId] = useState<number | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<JobPay | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const tryJob = async () => {
    setProblem(null);
    if (!MONEY.test(fare)) {
      setProblem(t('pay-rules.try.badFare'));
      return;
    }
    setBusy(true);
    try {
      const pickupAt = when && /\d{2}:\d{2}$/.test(when) ? wallToIso(when) : new Date().toISOString();
      const input: CallInput<'DriverPayment/TryJob'> = {
        DriverPaymentID: modelId,
        fare: moneyToMinor(fare),
        paymentMethod: method,
        pickupAt,
        distanceKm: km === '' ? 0 : km,
        durationMinutes: minutes === '' ? 0 : minutes,
        hourlyHire,
        ownCar,
        ...(vehicleTypeId ? { vehicleTypeId } : {}),
        ...(clientId ? { clientId } : {}),
      };
      setAnswer((await callApi('DriverPayment/TryJob', input)).data);
    } catch (error) {
      setAnswer(null);
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (!hasRules) return <Text>{t('pay-rules.try.noRules')}</Text>;
  return (
    <Stack gap="md" component="section" aria-labelledby="try-job-title" data-testid="try-job">
      <div>
        <Title order={3} id="try-job-title">
          {t('pay-rules.try.title')}
        </Title>
        <Text size="sm">{t('pay-rules.try.intro')}</Text>
      </div>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label={t('pay-rules.try.fare')}
            leftSection={currencySymbol()}
            inputMode="decimal"
            value={fare}
            onChange={(e) => setFare(e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <Select
            label={t('pay-rules.try.method')}
            allowDeselect={false}
            value={method}
            onChange={(v) => setMethod((v ?? 'cash') as Method)}
            data={(['cash', 'card', 'account'] as const).map((m) => ({
              value: m,
              label: t(`pay-rules.try.paid.${m}`),
            }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DateTimeField
            value={when}
            onChange={setWhen}
            dateLabel={t('pay-rules.try.day')}
            timeLabel={t('pay-rules.try.time')}
            description={t('pay-rules.try.whenHint')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <NumberInput
            label={t('pay-rules.try.km')}
            min={0}
            decimalScale={3}
            value={km}
            onChange={(v) => setKm(typeof v === 'number' ? v : '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <NumberInput
            label={t('pay-rules.try.minutes')}
            min={0}
            allowDecimal={false}
            value={minutes}
            onChange={(v) => setMinutes(typeof v === 'number' ? v : '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <LookupSelect
            call="Common/GetVehicleTypeList"
            label={t('pay-rules.try.vehicleType')}
            placeholder={t('pay-rules.try.anyVehicle')}
            value={vehicleTypeId}
            onChange={(v) => setVehicleTypeId(typeof v === 'number' ? v : null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <LookupSelect
            call="Common/GetClientList"
            label={t('pay-rules.try.client')}
            placeholder={t('pay-rules.try.noClient')}
            value={clientId}
            onChange={(v) => setClientId(typeof v === 'number' ? v : null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Group gap="lg" pb={8}>
            <Checkbox
              label={t('pay-rules.try.ownCar')}
              checked={ownCar}
              onChange={(e) => setOwnCar(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('pay-rules.try.hourlyHire')}
              checked={hourlyHire}
              onChange={(e) => setHourlyHire(e.currentTarget.checked)}
            />
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Button fullWidth leftSection={<IconCalculator size={16} />} loading={busy} onClick={() => void tryJob()}>
            {t('pay-rules.try.go')}
          </Button>
        </Grid.Col>
      </Grid>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {answer ? <JobPayBreakdown pay={answer} /> : null}
    </Stack>
  );
}

/** A job's pay: the amount, its items (they add up to it) and the rules considered with why. */
export function JobPayBreakdown({ pay }: { pay: JobPay }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-live="polite" data-testid="job-pay">
      <Group justify="space-between">
        <Text fw={600}>{t('pay-rules.try.driverGets')}</Text>
        <Text fw={700} size="lg" data-testid="job-pay-amount">
          {money(pay.amount)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('pay-rules.try.byVersion', { version: pay.version, local: pay.pickupLocal.replace('T', ' ') })}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pay-rules.try.item')}</Table.Th>
            <Table.Th>{t('pay-rules.try.how')}</Table.Th>
            <Table.Th ta="right">{t('pay-rules.try.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pay.items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>{item.label}</Table.Td>
              <Table.Td>{item.detail}</Table.Td>
              <Table.Td ta="right">{money(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>{t('pay-rules.try.considered')}</Title>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pay.considered.map((c, i) => (
          <Group key={i} gap="xs" wrap="nowrap" component="li">
            {c.matched ? (
              <IconCheck size={16} aria-label={t('pay-rules.try.applied')} />
            ) : (
              <IconX size={16} aria-label={t('pay-rules.try.notApplied')} />
            )}
            <Text size="sm">
              {t(`pay-rules.try.kind.${c.kind}`)}: {c.why}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
