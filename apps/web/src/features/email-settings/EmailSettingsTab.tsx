import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { PageLoader } from '../../ui/PageLoader';
import { SmtpForm } from './SmtpForm';
import { TemplateEditor } from './TemplateEditor';
import { TestMail } from './TestMail';

/** The company's mail server and sender, a test mail, and the wording of its mails. */
export function EmailSettingsTab() {
  const { t } = useTranslation();
  const result = useCall('EmailSettings/GetTableSummary', {});
  if (result.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('email-settings.loadFailed')} role="alert">
        {messageOf(result.error)}
      </Alert>
    );
  }
  const settings = result.data?.data[0];
  if (!settings) return <PageLoader />;
  return (
    <Stack gap="md" maw={900}>
      <SmtpForm settings={settings} />
      <TestMail />
      <TemplateEditor templates={settings.templates} />
    </Stack>
  );
}
