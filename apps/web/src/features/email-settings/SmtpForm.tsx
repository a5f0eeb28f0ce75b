import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { ApiError } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SecretField } from '../payment-settings/SecretField';

type Settings = CallOutput<'EmailSettings/GetTableSummary'>;

interface Values {
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
  password: string;
  fromName: string;
  fromAddress: string;
  copyUserIds: string[];
  saveAnyway: boolean;
}

const valuesOf = (s: Settings): Values => ({
  host: s.host ?? '',
  port: s.port ?? '',
  secure: s.secure,
  user: s.user ?? '',
  password: '',
  fromName: s.fromName ?? '',
  fromAddress: s.fromAddress ?? '',
  copyUserIds: s.copyUserIds.map(String),
  saveAnyway: false,
});

/**
 * The SMTP server and sender. The server tries a changed server before saving; when it refuses, its
 * words show here and "save anyway" appears.
 */
export function SmtpForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const create = useCallMutation('EmailSettings/Create');
  const update = useCallMutation('EmailSettings/Update');
  const users = useCall('EmailSettings/GetUsers', { perPage: 0 });
  const [saved, setSaved] = useState(settings);
  const [replacing, setReplacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(settings) });

  const submit = form.onSubmit(async (v) => {
    const input = {
      host: v.host || null,
      ...(v.port === '' ? {} : { port: Number(v.port) }),
      secure: v.secure,
      user: v.user || null,
      ...(v.password ? { password: v.password } : {}),
      fromName: v.fromName || null,
      fromAddress: v.fromAddress || null,
      copyUserIds: v.copyUserIds.map(Number),
      saveAnyway: v.saveAnyway,
    };
    try {
      const res = saved.id === 0 ? await create.mutateAsync(input) : await update.mutateAsync(input);
      notifySuccess(t('email-settings.saved'), res.message);
      setSaved(res.data);
      setRefusal(null);
      setReplacing(false);
      form.setInitialValues(valuesOf(res.data));
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        form.setErrors(error.byField);
        if (error.byField.host) setRefusal(error.message);
      }
      notifyError(t('email-settings.notSaved'), error);
    }
  });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="smtp-title">
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id="smtp-title" mb="xs">
          {t('email-settings.serverTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {saved.source === 'company' ? t('email-settings.ownServer') : t('email-settings.serverDefault')}
        </Text>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t('email-settings.host')}
              description={t('email-settings.hostHelp')}
              disabled={!canEdit}
              autoComplete="off"
              {...form.getInputProps('host')}
            />
            <NumberInput
              label={t('email-settings.port')}
              description={t('email-settings.portHelp')}
              disabled={!canEdit}
              min={1}
              max={65535}
              allowDecimal={false}
              maw={180}
              {...form.getInputProps('port')}
            />
          </Group>
          <Switch
            label={t('email-settings.secure')}
            description={t('email-settings.secureHelp')}
            disabled={!canEdit}
            {...form.getInputProps('secure', { type: 'checkbox' })}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('email-settings.user')}
              disabled={!canEdit}
              autoComplete="off"
              {...form.getInputProps('user')}
            />
            <SecretField
              label={t('email-settings.password')}
              description={t('email-settings.passwordHelp')}
              hint={saved.passwordHint}
              replacing={replacing}
              onReplace={() => setReplacing(true)}
              disabled={!canEdit}
              name="smtpPassword"
              input={form.getInputProps('password')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label={t('email-settings.fromName')} disabled={!canEdit} {...form.getInputProps('fromName')} />
            <TextInput
              label={t('email-settings.fromAddress')}
              type="email"
              disabled={!canEdit}
              {...form.getInputProps('fromAddress')}
            />
          </Group>
          <MultiSelect
            label={t('email-settings.copies')}
            description={users.error ? t('email-settings.usersFailed') : t('email-settings.copiesHelp')}
            placeholder={users.isLoading ? t('email-settings.usersLoading') : undefined}
            disabled={!canEdit}
            searchable
            data={(users.data?.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} <${u.email}>` }))}
            {...form.getInputProps('copyUserIds')}
          />
          {refusal && (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert" title={t('email-settings.refusedTitle')}>
              <Stack gap="xs">
                <Text size="sm">{refusal}</Text>
                <Checkbox
                  label={t('email-settings.saveAnyway')}
                  {...form.getInputProps('saveAnyway', { type: 'checkbox' })}
                />
              </Stack>
            </Alert>
          )}
          {saved.lastCheck && !refusal && (
            <Alert color="yellow" icon={<IconAlertTriangle />} title={t('email-settings.savedRefusing')}>
              {saved.lastCheck}
            </Alert>
          )}
        </Stack>
        <Group justify="space-between" mt="md">
          <Text size="xs" c="dimmed">
            {saved.updatedAt
              ? t('email-settings.updatedAt', { at: dateTime(saved.updatedAt) })
              : t('email-settings.nothingSaved')}
          </Text>
          {canEdit && (
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
              {t('email-settings.saveServer')}
            </Button>
          )}
        </Group>
      </form>
    </Card>
  );
}
