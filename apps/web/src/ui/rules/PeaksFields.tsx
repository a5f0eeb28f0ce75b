import { ActionIcon, Button, Chip, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../kit/FormShell';
import { MoneyField, type RulesForm, valueAt } from './fields';
import { type Charge, nextPeakId, type PeakPeriodValues, type PeakTimeValues, type PeakValues } from './values';

const WEEK_DAYS = ['1', '2', '3', '4', '5', '6', '7'];

/** A peak's charge: a multiplier of the fare or a fixed surcharge. */
function ChargeFields({ form, path, name }: { form: RulesForm; path: string; name: string }) {
  const { t } = useTranslation();
  const charge = valueAt<Charge>(form, `${path}.charge`);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('pricing.peaks.chargeOf', { name })}
        data={[
          { value: 'multiplier', label: t('pricing.peaks.multiplier') },
          { value: 'surcharge', label: t('pricing.peaks.surcharge') },
        ]}
        value={charge}
        onChange={(v) => form.setFieldValue(`${path}.charge`, v as Charge)}
      />
      {charge === 'multiplier' ? (
        <TextInput
          label={t('pricing.peaks.multiplierValue')}
          placeholder="1.5"
          inputMode="decimal"
          w={160}
          {...form.getInputProps(`${path}.multiplier`)}
        />
      ) : (
        <MoneyField model={form} path={`${path}.surcharge`} label={t('pricing.peaks.surchargeValue')} w={160} />
      )}
    </Group>
  );
}

/** Peak times (week days and a window of the local clock) and peak periods (a range of local date-times). */
export function PeaksFields({ form, readOnly }: { form: RulesForm; readOnly?: boolean }) {
  const { t } = useTranslation();
  const times = valueAt<PeakTimeValues[]>(form, 'peakTimes');
  const periods = valueAt<PeakPeriodValues[]>(form, 'peakPeriods');
  const dayNames = t('pricing.peaks.dayNames').split(',');
  const fresh = { charge: 'multiplier' as Charge, multiplier: '1.5', surcharge: '' };
  return (
    <Stack gap="md">
      <FormSection title={t('pricing.peaks.times')} hint={t('pricing.peaks.timesHint')}>
        <Stack gap="sm" w="100%" px={8}>
          {times.length === 0 ? <Text size="sm">{t('pricing.peaks.noTimes')}</Text> : null}
          {times.map((peak, i) => {
            const path = `peakTimes.${i}`;
            const name = peak.name || t('pricing.peaks.timeN', { n: i + 1 });
            return (
              <Paper key={peak.id} withBorder p="sm" radius="md" data-testid={`peak-time-${i + 1}`}>
                <Stack gap="xs">
                  <Group gap="sm" align="flex-end">
                    <TextInput label={t('pricing.peaks.name')} {...form.getInputProps(`${path}.name`)} w={200} />
                    <TextInput
                      label={t('pricing.peaks.from')}
                      placeholder="22:00"
                      w={110}
                      {...form.getInputProps(`${path}.from`)}
                    />
                    <TextInput
                      label={t('pricing.peaks.to')}
                      placeholder="05:00"
                      w={110}
                      {...form.getInputProps(`${path}.to`)}
                    />
                    {readOnly ? null : (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('pricing.peaks.removeOf', { name })}
                        onClick={() => form.removeListItem('peakTimes', i)}
                        mb={4}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <Chip.Group
                    multiple
                    value={peak.weekdays}
                    onChange={(v) => form.setFieldValue(`${path}.weekdays`, v)}
                  >
                    <Group gap={4} role="group" aria-label={t('pricing.peaks.daysOf', { name })}>
                      {WEEK_DAYS.map((d, j) => (
                        <Chip key={d} value={d} size="xs">
                          {dayNames[j] ?? d}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  {form.errors[`${path}.weekdays`] ? (
                    <Text size="xs" c="red" role="alert">
                      {form.errors[`${path}.weekdays`]}
                    </Text>
                  ) : null}
                  <ChargeFields form={form} path={path} name={name} />
                </Stack>
              </Paper>
            );
          })}
          {readOnly ? null : (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('peakTimes', {
                  id: nextPeakId(form.getValues() as PeakValues),
                  name: '',
                  weekdays: [...WEEK_DAYS],
                  from: '22:00',
                  to: '05:00',
                  ...fresh,
                } satisfies PeakTimeValues)
              }
            >
              {t('pricing.peaks.addTime')}
            </Button>
          )}
        </Stack>
      </FormSection>
      <FormSection title={t('pricing.peaks.periods')} hint={t('pricing.peaks.periodsHint')}>
        <Stack gap="sm" w="100%" px={8}>
          {periods.length === 0 ? <Text size="sm">{t('pricing.peaks.noPeriods')}</Text> : null}
          {periods.map((peak, i) => {
            const path = `peakPeriods.${i}`;
            const name = peak.name || t('pricing.peaks.periodN', { n: i + 1 });
            return (
              <Paper key={peak.id} withBorder p="sm" radius="md" data-testid={`peak-period-${i + 1}`}>
                <Stack gap="xs">
                  <Group gap="sm" align="flex-end">
                    <TextInput label={t('pricing.peaks.name')} {...form.getInputProps(`${path}.name`)} w={200} />
                    <TextInput
                      type="datetime-local"
                      label={t('pricing.peaks.fromDateTime')}
                      {...form.getInputProps(`${path}.from`)}
                    />
                    <TextInput
                      type="datetime-local"
                      label={t('pricing.peaks.toDateTime')}
                      {...form.getInputProps(`${path}.to`)}
                    />
                    {readOnly ? null : (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('pricing.peaks.removeOf', { name })}
                        onClick={() => form.removeListItem('peakPeriods', i)}
                        mb={4}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                  <ChargeFields form={form} path={path} name={name} />
                </Stack>
              </Paper>
            );
          })}
          {readOnly ? null : (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('peakPeriods', {
                  id: nextPeakId(form.getValues() as PeakValues),
                  name: '',
                  from: '',
                  to: '',
                  ...fresh,
                } satisfies PeakPeriodValues)
              }
            >
              {t('pricing.peaks.addPeriod')}
            </Button>
          )}
        </Stack>
      </FormSection>
    </Stack>
  );
}
