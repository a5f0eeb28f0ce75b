import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';

type Settings = CallOutput<'BookingFormSetting/GetBookingFormSetting'>;
type Values = Omit<Settings, 'updatedAt'>;

const validate = zodValidate(schemas.bookingFormSettingUpdateInput);

/** Settings → Booking form: which optional fields the booking form shows and which it insists on. */
export function BookingFormSettingsPage() {
  const { t } = useTranslation();
  const result = useCall('BookingFormSetting/GetBookingFormSetting', {});
  return (
    <>
      <PageHeader title={t('booking-form-settings.title')} subtitle={t('booking-form-settings.subtitle')} />
      {result.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('booking-form-settings.loadFailed')} role="alert">
          {messageOf(result.error)}
        </Alert>
      ) : result.data ? (
        <SettingsForm settings={result.data.data} />
      ) : (
        <PageLoader />
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const save = useCallMutation('BookingFormSetting/Update');
  const { updatedAt, ...initial } = settings;
  const form = useForm<Values>({ initialValues: initial, validate, validateInputOnChange: true });
  const submit = useSubmit(form, (v) => save.mutateAsync(v), {
    success: t('booking-form-settings.saved'),
    onDone: (res) => {
      const { updatedAt: _at, ...values } = res.data;
      form.setInitialValues(values);
      form.reset();
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={820}>
        <Card withBorder padding="md">
          <Title order={4} mb={4}>
            {t('booking-form-settings.fieldsTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('booking-form-settings.fieldsHelp')}
          </Text>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('booking-form-settings.field')}</Table.Th>
                <Table.Th w={120}>{t('booking-form-settings.show')}</Table.Th>
                <Table.Th w={140}>{t('booking-form-settings.required')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schemas.bookingFormFieldNames.map((name) => {
                const field = form.values.fields[name];
                const requirable = schemas.requirableBookingFormFields.includes(name);
                return (
                  <Table.Tr key={name}>
                    <Table.Td>
                      <Text size="sm">{t(`booking-form-settings.fields.${name}`)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`booking-form-settings.fieldHelp.${name}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('booking-form-settings.showField', {
                          field: t(`booking-form-settings.fields.${name}`),
                        })}
                        disabled={!canEdit}
                        checked={field.show}
                        onChange={(e) => {
                          const show = e.currentTarget.checked;
                          form.setFieldValue(`fields.${name}`, { show, required: show && field.required });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {requirable ? (
                        <Switch
                          aria-label={t('booking-form-settings.requireField', {
                            field: t(`booking-form-settings.fields.${name}`),
                          })}
                          disabled={!canEdit || !field.show}
                          checked={field.required}
                          onChange={(e) => form.setFieldValue(`fields.${name}.required`, e.currentTarget.checked)}
                          error={form.errors[`fields.${name}.required`]}
                        />
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('booking-form-settings.neverRequired')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">
            {t('booking-form-settings.optionsTitle')}
          </Title>
          <Stack gap="sm">
            <Switch
              label={t('booking-form-settings.allowAsap')}
              description={t('booking-form-settings.allowAsapHelp')}
              disabled={!canEdit}
              {...form.getInputProps('allowAsap', { type: 'checkbox' })}
            />
            <Switch
              label={t('booking-form-settings.allowBackEntry')}
              description={t('booking-form-settings.allowBackEntryHelp')}
              disabled={!canEdit}
              {...form.getInputProps('allowBackEntry', { type: 'checkbox' })}
            />
            <NumberInput
              label={t('booking-form-settings.minLeadMinutes')}
              description={t('booking-form-settings.minLeadMinutesHelp')}
              min={0}
              max={10080}
              allowDecimal={false}
              w={260}
              disabled={!canEdit}
              {...form.getInputProps('minLeadMinutes')}
            />
          </Stack>
        </Card>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {updatedAt
              ? t('booking-form-settings.updatedAt', { at: dateTime(updatedAt) })
              : t('booking-form-settings.defaults')}
          </Text>
          {canEdit ? (
            <Group gap="sm">
              <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
                {t('booking-form-settings.undo')}
              </Button>
              <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
                {t('form.save')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('booking-form-settings.readOnly')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
