import { Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { schemas, type CallOutput } from '@cabdesk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { LookupSelect } from '../../../ui/LookupSelect';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';

export type Profile = CallOutput<'Driver/GetTableSummaryDriverDrvApp'>;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mobile: string;
  address: string;
  postcode: string;
  dateOfBirth: string | null;
  nationality: string | null;
}

const validate = zodValidate(schemas.driverPersonalProfileInput);

const valuesOf = (p: Profile): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email ?? '',
  phone: p.phone ?? '',
  mobile: p.mobile ?? '',
  address: p.address ?? '',
  postcode: p.postcode ?? '',
  dateOfBirth: p.dateOfBirth,
  nationality: p.nationality,
});

/** The fields a driver keeps up to date themself; "" clears one, the names cannot be cleared. */
export function PersonalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useCallMutation('Driver/UpdateDriverPersonalProfile');
  const form = useForm<Values>({ initialValues: valuesOf(profile), validate: (v) => validate(v) });
  const submit = useSubmit(form, (v) => save.mutateAsync(v), {
    success: t('driver-app.account.profile.saved'),
    onDone: (answer) => form.resetDirty(valuesOf(answer.data)),
  });
  const field = (name: keyof Values) => ({
    size: 'md' as const,
    label: t(`driver-app.account.profile.field.${name}`),
    ...form.getInputProps(name),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput {...field('firstName')} required autoComplete="given-name" />
          <TextInput {...field('lastName')} required autoComplete="family-name" />
        </SimpleGrid>
        <TextInput {...field('email')} type="email" autoComplete="email" inputMode="email" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput {...field('mobile')} type="tel" autoComplete="tel" />
          <TextInput {...field('phone')} type="tel" />
        </SimpleGrid>
        <Textarea {...field('address')} autosize minRows={2} autoComplete="street-address" />
        <TextInput {...field('postcode')} autoComplete="postal-code" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            {...field('dateOfBirth')}
            valueFormat="DD-MM-YYYY"
            clearable
            defaultLevel="decade"
            maxDate={dayjs().subtract(schemas.MIN_DRIVER_AGE, 'year').toDate()}
          />
          <LookupSelect
            call="Common/GetNationalityList"
            valueKey="code"
            size="md"
            label={t('driver-app.account.profile.field.nationality')}
            value={form.values.nationality}
            onChange={(v) => form.setFieldValue('nationality', v === null ? null : String(v))}
            error={form.errors.nationality}
          />
        </SimpleGrid>
        <Button type="submit" size="lg" fullWidth loading={save.isPending} disabled={!form.isDirty()}>
          {t('driver-app.account.profile.savePersonal')}
        </Button>
      </Stack>
    </form>
  );
}
