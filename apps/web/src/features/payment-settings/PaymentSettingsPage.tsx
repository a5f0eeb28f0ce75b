import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { type CallOutput, fixedLists, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { fixedLabel } from '../../ui/fixedLabel';
import { dateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { notifyError } from '../../ui/notify';
import { useSubmit } from '../../ui/useSubmit';
import { zodValidate } from '../../ui/zodForm';
import { SecretField } from './SecretField';

type Configuration = CallOutput<'Configuration/GetConfigurationData'>;

interface Values {
  provider: schemas.PaymentProvider;
  mode: schemas.PaymentMode;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  currency: string | null;
  statementDescriptor: string;
}

const validate = zodValidate(schemas.paymentConfigurationInput);

function valuesOf(c: Configuration): Values {
  return {
    provider: c.provider,
    mode: c.mode,
    publishableKey: c.publishableKey ?? '',
    secretKey: '',
    webhookSecret: '',
    currency: c.currencyFollowsCompany ? null : c.currency,
    statementDescriptor: c.statementDescriptor ?? '',
  };
}

/** Settings → Payments: which card provider takes payments, its keys, mode and currency. */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const result = useCall('Configuration/GetConfigurationData', {});
  return (
    <>
      <PageHeader title={t('payment-settings.title')} subtitle={t('payment-settings.subtitle')} />
      {result.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('payment-settings.loadFailed')} role="alert">
          {messageOf(result.error)}
        </Alert>
      ) : result.data ? (
        <ConfigurationForm configuration={result.data.data} />
      ) : (
        <PageLoader />
      )}
    </>
  );
}

function ConfigurationForm({ configuration }: { configuration: Configuration }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const save = useCallMutation('Configuration/Update');
  const [replacing, setReplacing] = useState({ secretKey: false, webhookSecret: false });
  const [saved, setSaved] = useState(configuration);
  const form = useForm<Values>({ initialValues: valuesOf(configuration), validate, validateInputOnChange: true });
  const submit = useSubmit(form, (v) => save.mutateAsync(v), {
    success: t('payment-settings.saved'),
    onDone: (res) => {
      setSaved(res.data);
      setReplacing({ secretKey: false, webhookSecret: false });
      form.setInitialValues(valuesOf(res.data));
      form.reset();
    },
  });
  const stripe = form.values.provider === 'stripe';
  const companyCurrency = saved.currencyFollowsCompany ? saved.currency : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={820}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('payment-settings.providerTitle')}
          </Title>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('payment-settings.provider')}
              disabled={!canEdit}
              data={[
                { value: 'offline', label: t('payment-settings.offline') },
                { value: 'stripe', label: t('payment-settings.stripe') },
              ]}
              {...form.getInputProps('provider')}
              onChange={(value) => {
                form.setFieldValue('provider', value as Values['provider']);
                if (value === 'offline') form.setFieldValue('mode', 'test');
              }}
              maw={420}
            />
            <Text size="sm" c="dimmed">
              {stripe ? t('payment-settings.stripeHelp') : t('payment-settings.offlineHelp')}
            </Text>
            <Select
              label={t('payment-settings.mode')}
              description={t('payment-settings.modeHelp')}
              disabled={!canEdit || !stripe}
              allowDeselect={false}
              data={[
                { value: 'test', label: t('payment-settings.modes.test') },
                { value: 'live', label: t('payment-settings.modes.live') },
              ]}
              maw={320}
              {...form.getInputProps('mode')}
            />
          </Stack>
        </Card>

        {stripe && (
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('payment-settings.keysTitle')}
            </Title>
            <Stack gap="md">
              <TextInput
                label={t('payment-settings.publishableKey')}
                description={t('payment-settings.publishableKeyHelp', { mode: form.values.mode })}
                disabled={!canEdit}
                autoComplete="off"
                maw={480}
                {...form.getInputProps('publishableKey')}
              />
              <SecretField
                label={t('payment-settings.secretKey')}
                description={t('payment-settings.secretKeyHelp', { mode: form.values.mode })}
                hint={saved.secretKeyHint}
                replacing={replacing.secretKey}
                onReplace={() => setReplacing((r) => ({ ...r, secretKey: true }))}
                disabled={!canEdit}
                name="secretKey"
                input={form.getInputProps('secretKey')}
              />
              <SecretField
                label={t('payment-settings.webhookSecret')}
                description={t('payment-settings.webhookSecretHelp')}
                hint={saved.webhookSecretHint}
                replacing={replacing.webhookSecret}
                onReplace={() => setReplacing((r) => ({ ...r, webhookSecret: true }))}
                disabled={!canEdit}
                name="webhookSecret"
                input={form.getInputProps('webhookSecret')}
              />
              <WebhookAddress url={saved.webhookUrl} />
            </Stack>
          </Card>
        )}

        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('payment-settings.chargesTitle')}
          </Title>
          <Stack gap="md">
            <Select
              label={t('payment-settings.currency')}
              description={t('payment-settings.currencyHelp')}
              placeholder={t('payment-settings.companyCurrency', { currency: companyCurrency ?? saved.currency })}
              clearable
              disabled={!canEdit}
              data={fixedLists.currency.map((c) => ({
                value: c.code,
                label: `${c.code} — ${fixedLabel('currency', c.code)}`,
              }))}
              maw={320}
              {...form.getInputProps('currency')}
            />
            <TextInput
              label={t('payment-settings.statementDescriptor')}
              description={t('payment-settings.statementDescriptorHelp')}
              disabled={!canEdit}
              maxLength={22}
              maw={320}
              {...form.getInputProps('statementDescriptor')}
            />
          </Stack>
        </Card>

        <Group justify="space-between" align="flex-start">
          <Text size="xs" c="dimmed">
            {saved.updatedAt
              ? t('payment-settings.updatedAt', { at: dateTime(saved.updatedAt) })
              : t('payment-settings.defaults')}
          </Text>
          {canEdit ? (
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  setReplacing({ secretKey: false, webhookSecret: false });
                }}
                disabled={!form.isDirty()}
              >
                {t('payment-settings.undo')}
              </Button>
              <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
                {t('form.save')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('payment-settings.readOnly')}
            </Text>
          )}
        </Group>
        {canEdit && <KeyTest dirty={form.isDirty()} saving={form.submitting} />}
      </Stack>
    </form>
  );
}

function WebhookAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper
      label={t('payment-settings.webhookUrl')}
      description={t('payment-settings.webhookUrlHelp')}
      inputWrapperOrder={['label', 'input', 'description']}
      labelElement="div"
      id="webhook-address"
    >
      <Group gap="sm" wrap="nowrap">
        <Code data-testid="webhook-url" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Code>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              aria-label={copied ? t('payment-settings.copied') : t('payment-settings.copyWebhookUrl')}
            >
              {copied ? t('payment-settings.copied') : t('payment-settings.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Input.Wrapper>
  );
}

/**
 * "Test the keys": the provider's answer in words, kept on the page until the next test. It waits
 * while a save is under way: it tests the saved keys, and would answer for the ones being replaced.
 */
function KeyTest({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const { t } = useTranslation();
  const test = useCallMutation('PaymentTransaction/StripeTest');
  const answer = test.data?.data;
  return (
    <Card withBorder padding="md" data-testid="key-test">
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('payment-settings.testTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {dirty ? t('payment-settings.testSavedOnly') : t('payment-settings.testHelp')}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} />}
          loading={test.isPending}
          disabled={saving}
          onClick={() => test.mutate({}, { onError: (error) => notifyError(t('payment-settings.testFailed'), error) })}
        >
          {t('payment-settings.test')}
        </Button>
      </Group>
      {answer && (
        <Alert
          mt="sm"
          role="status"
          color={answer.ok ? 'teal' : 'red'}
          icon={answer.ok ? <IconCheck /> : <IconAlertTriangle />}
          title={answer.ok ? t('payment-settings.testOk') : t('payment-settings.testRefused')}
          data-testid="key-test-answer"
        >
          {answer.message}
        </Alert>
      )}
    </Card>
  );
}
