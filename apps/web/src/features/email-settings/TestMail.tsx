import { Alert, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCallMutation } from '../../api/hooks';
import { useAuth } from '../../app/auth';

/** "Send a test mail" through the saved server: the server's answer in words, kept until the next try. */
export function TestMail() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [to, setTo] = useState(user?.email ?? '');
  const send = useCallMutation('EmailSettings/SendTestMail');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="test-mail-title">
      <Title order={2} size="h4" id="test-mail-title" mb="xs">
        {t('email-settings.testTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('email-settings.testHelp')}
      </Text>
      <Group align="flex-end">
        <TextInput
          label={t('email-settings.testTo')}
          type="email"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          miw={320}
        />
        <Button
          leftSection={<IconSend size={16} />}
          loading={send.isPending}
          disabled={!to.trim()}
          onClick={() => send.mutate({ to: to.trim() })}
        >
          {t('email-settings.testSend')}
        </Button>
      </Group>
      <div aria-live="polite">
        {send.isPending && (
          <Text size="sm" mt="sm">
            {t('email-settings.testSending')}
          </Text>
        )}
        {send.isSuccess && (
          <Alert
            mt="sm"
            color="teal"
            icon={<IconCheck />}
            title={t('email-settings.testOk')}
            data-testid="test-mail-answer"
          >
            {send.data.message} {t('email-settings.serverSaid', { answer: send.data.data.serverAnswer })}
          </Alert>
        )}
        {send.isError && (
          <Alert
            mt="sm"
            color="red"
            icon={<IconAlertTriangle />}
            title={t('email-settings.testFailed')}
            data-testid="test-mail-answer"
          >
            {messageOf(send.error)}
          </Alert>
        )}
      </div>
    </Card>
  );
}
