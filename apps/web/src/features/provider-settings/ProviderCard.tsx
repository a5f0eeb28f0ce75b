import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type CallInput, type CallOutput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { dateTime } from '../../ui/format';
import { useSubmit } from '../../ui/useSubmit';
import { SecretField } from '../payment-settings/SecretField';

type Setting = CallOutput<'ProviderSettings/GetProvider'>;

interface Values {
  provider: string;
  url: string;
  label: string;
  secret: string;
}

const valuesOf = (s: Setting): Values => ({ provider: s.provider, url: s.url ?? '', label: s.label ?? '', secret: '' });

/** Providers that work on this machine alone, with no address. */
const offline = new Set(['outbox', 'none', 'estimate', 'offline']);

/** One kind of outside service: its provider, address, label and secret, saved on their own. */
export function ProviderCard({ setting }: { setting: Setting }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const save = useCallMutation('ProviderSettings/Update');
  const [saved, setSaved] = useState(setting);
  const [replacing, setReplacing] = useState(false);
  const form = useForm<Values>({ initialValues: valuesOf(setting) });
  const kind = setting.kind;
  const done = (res: { data: Setting }) => {
    setSaved(res.data);
    setReplacing(false);
    form.setInitialValues(valuesOf(res.data));
    form.reset();
  };
  const submit = useSubmit(
    form,
    (v) =>
      save.mutateAsync({
        kind,
        provider: v.provider as CallInput<'ProviderSettings/Update'>['provider'],
        url: offline.has(v.provider) ? null : v.url,
        label: schemas.labelledKinds.includes(kind) ? v.label : null,
        ...(v.secret ? { secret: v.secret } : {}),
      }),
    { success: t('provider-settings.saved'), onDone: (res) => done(res) },
  );
  const remote = !offline.has(form.values.provider);
  const headingId = `provider-${kind}`;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-testid={`provider-${kind}`}>
      <form onSubmit={submit} noValidate>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id={headingId}>
            {t(`provider-settings.kinds.${kind}`)}
          </Title>
          <Badge variant="light" color={saved.source === 'company' ? 'blue' : 'gray'}>
            {t(`provider-settings.source.${saved.source}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {t(`provider-settings.help.${kind}`)}
        </Text>
        <Stack gap="sm">
          <Select
            label={t('provider-settings.provider')}
            allowDeselect={false}
            disabled={!canEdit}
            data={saved.choices.map((c) => ({ value: c, label: t(`provider-settings.choices.${c}`) }))}
            maw={360}
            {...form.getInputProps('provider')}
          />
          {remote && (
            <TextInput
              label={t('provider-settings.url')}
              description={t(kind === 'mapTiles' ? 'provider-settings.tilesUrlHelp' : 'provider-settings.urlHelp')}
              disabled={!canEdit}
              autoComplete="off"
              maw={560}
              {...form.getInputProps('url')}
            />
          )}
          {remote && schemas.labelledKinds.includes(kind) && (
            <TextInput
              label={t(`provider-settings.label.${kind}`)}
              disabled={!canEdit}
              maw={360}
              {...form.getInputProps('label')}
            />
          )}
          {remote && schemas.secretKinds.includes(kind) && (
            <SecretField
              label={t(`provider-settings.secret.${kind}`)}
              description={t('provider-settings.secretHelp')}
              hint={saved.source === 'company' ? saved.secretHint : null}
              replacing={replacing}
              onReplace={() => setReplacing(true)}
              disabled={!canEdit}
              name={`${kind}-secret`}
              input={form.getInputProps('secret')}
            />
          )}
        </Stack>
        <Group justify="space-between" mt="md">
          <Text size="xs" c="dimmed">
            {saved.updatedAt
              ? t('provider-settings.updatedAt', { at: dateTime(saved.updatedAt) })
              : t('provider-settings.serverDefault')}
          </Text>
          {canEdit && (
            <Group gap="sm">
              {saved.source === 'company' && (
                <Button
                  variant="default"
                  loading={save.isPending && !form.submitting}
                  onClick={() => save.mutate({ kind, useDefault: true }, { onSuccess: done })}
                >
                  {t('provider-settings.useDefault')}
                </Button>
              )}
              <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
                {t('provider-settings.save', { kind: t(`provider-settings.kinds.${kind}`) })}
              </Button>
            </Group>
          )}
        </Group>
      </form>
    </Card>
  );
}
