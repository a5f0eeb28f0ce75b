import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { useAuth } from '../../app/auth';
import { useBranding } from '../../app/StartupLoader';

function TeamCount() {
  const { t } = useTranslation();
  const users = useCall('Users/GetTableSummary', { perPage: 1 });
  return (
    <Paper withBorder radius="md" p="md" data-testid="team-count">
      <Text size="sm" c="dimmed">
        {t('home.team')}
      </Text>
      {users.data ? <Title order={3}>{users.data.count}</Title> : <Skeleton h={28} w={60} mt={4} />}
    </Paper>
  );
}

function AccountCard() {
  const { t } = useTranslation();
  const me = useCall('Common/GetDecodedUserID', {});
  return (
    <Paper withBorder radius="md" p="md" data-testid="account-card">
      <Text size="sm" c="dimmed">
        {t('home.account')}
      </Text>
      {me.data ? <Title order={3}>#{me.data.data.userID}</Title> : <Skeleton h={28} w={60} mt={4} />}
    </Paper>
  );
}

/** The landing page after sign-in until the dashboard arrives. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ability = useAbility();
  const branding = useBranding();
  const intro =
    user?.role === 'Driver'
      ? t('home.driverIntro')
      : user?.role === 'Passenger'
        ? t('home.passengerIntro')
        : t('home.intro');
  return (
    <Stack gap="md" data-testid="home">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="xs">
          <Title order={2}>{t('home.welcome', { name: user?.fullName ?? '' })}</Title>
          <Group gap="xs">
            <Text c="dimmed">{branding.name}</Text>
          </Group>
          <Text>{intro}</Text>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AccountCard />
        {ability.can('read', 'User') ? <TeamCount /> : null}
      </SimpleGrid>
    </Stack>
  );
}
