import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCall } from '../../../api/hooks';
import { BankAccount } from './BankAccount';
import { PersonalForm } from './PersonalForm';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from './screen';

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" id={id} style={{ scrollMarginTop: 72 }}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The driver's own details and the bank account pay goes to. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const answer = useCall('Driver/GetTableSummaryDriverDrvApp', {});
  const profile = answer.data?.data[0];

  useEffect(() => {
    if (profile && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [profile, hash]);

  return (
    <Screen
      title={t('driver-app.account.profile.title')}
      back={{ to: '/driver/more', label: t('driver-app.account.more.title') }}
    >
      {answer.error && !answer.data ? (
        <LoadFailed title={t('driver-app.account.profile.loadFailed')} error={answer.error} onRetry={answer.refetch} />
      ) : answer.isPending ? (
        <ListSkeleton rows={3} height={140} />
      ) : !profile ? (
        <EmptyState
          icon={<IconUserOff size={28} />}
          title={t('driver-app.account.profile.missingTitle')}
          text={t('driver-app.account.profile.missingText')}
        />
      ) : (
        <>
          <Group wrap="nowrap">
            <Avatar src={profile.photoUrl} alt={profile.fullName} size={64} radius="xl" color="cyan">
              {`${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase()}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate>
                {profile.fullName}
              </Text>
              <Group gap={6}>
                {profile.callsign ? <Badge variant="light">{profile.callsign}</Badge> : null}
                {profile.driverTypeName ? (
                  <Text size="sm" c="dimmed">
                    {profile.driverTypeName}
                  </Text>
                ) : null}
              </Group>
              {profile.appEmail ? (
                <Text size="xs" c="dimmed" truncate>
                  {t('driver-app.account.profile.signsInAs', { email: profile.appEmail })}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Section title={t('driver-app.account.profile.personal')}>
            <PersonalForm key={profile.id} profile={profile} />
          </Section>
          <Section id="bank" title={t('driver-app.account.bank.title')}>
            <BankAccount profile={profile} />
          </Section>
        </>
      )}
    </Screen>
  );
}
