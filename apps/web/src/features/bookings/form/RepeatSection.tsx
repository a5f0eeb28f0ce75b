import { Chip, Grid, Group, Input, NumberInput, Switch } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues } from './form-values';

const weekDays = ['1', '2', '3', '4', '5', '6', '7'];

/** Repeat a new booking on chosen week days until an end date (company exclusion dates are skipped). */
export function RepeatSection({ form }: { form: UseFormReturnType<BookingFormValues> }) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <Switch
          label={t('bookings.form.repeat')}
          description={t('bookings.form.repeatHint')}
          {...form.getInputProps('repeatOn', { type: 'checkbox' })}
        />
      </Grid.Col>
      {form.values.repeatOn ? (
        <>
          <Grid.Col span={12}>
            <Input.Wrapper label={t('bookings.form.weekDays')} error={form.errors['repeat.weekDays']} required>
              <Chip.Group
                multiple
                value={form.values.repeat.weekDays}
                onChange={(v) => form.setFieldValue('repeat.weekDays', v)}
              >
                <Group gap={6} mt={4}>
                  {weekDays.map((d) => (
                    <Chip key={d} value={d} size="sm">
                      {t(`bookings.weekDay.${d}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput
              label={t('bookings.form.repeatUntil')}
              valueFormat="DD-MM-YYYY"
              required
              minDate={new Date()}
              {...form.getInputProps('repeat.endDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput
              label={t('bookings.form.everyWeeks')}
              min={1}
              max={8}
              {...form.getInputProps('repeat.everyWeeks')}
            />
          </Grid.Col>
        </>
      ) : null}
    </Grid>
  );
}
