import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { PageLoader } from '../../ui/PageLoader';
import { ProviderCard } from './ProviderCard';

/**
 * The outside services of the company, one card per kind: the company's choice or the server's
 * default, changed kind by kind. Card payments live in the payment settings.
 */
export function ProviderSettingsTab() {
  const { t } = useTranslation();
  const result = useCall('ProviderSettings/GetTableSummary', { perPage: 0 });
  if (result.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('provider-settings.loadFailed')} role="alert">
        {messageOf(result.error)}
      </Alert>
    );
  }
  if (!result.data) return <PageLoader />;
  const rows = result.data.data;
  return (
    <Stack gap="md" maw={820}>
      {rows.length === 0 ? (
        <Text>{t('provider-settings.empty')}</Text>
      ) : (
        rows.map((setting) => <ProviderCard key={setting.kind} setting={setting} />)
      )}
      <Text size="sm" c="dimmed">
        {t('provider-settings.paymentsElsewhere')}{' '}
        <Anchor component={Link} to="/settings/payments" underline="always">
          {t('provider-settings.paymentsLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
