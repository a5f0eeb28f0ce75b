import { Badge, Button, Group, NavLink, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconBell,
  IconBuildingBank,
  IconChevronRight,
  IconCreditCard,
  IconFileCertificate,
  IconLanguage,
  IconLogout,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { type Language, languages, setLanguage } from '../../../i18n';
import { Screen } from './screen';
import { useDocumentsAttention } from './useDocumentsAttention';
import { useUnreadNotificationCount } from './useUnreadNotificationCount';

function Item({ to, icon, label, badge }: { to: string; icon: ReactNode; label: string; badge?: ReactNode }) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={
        <Group gap="xs" wrap="nowrap">
          {badge}
          <IconChevronRight size={18} aria-hidden />
        </Group>
      }
      py="md"
      styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
    />
  );
}

/** Everything that is not a tab: the driver's account, papers, money lists, language and signing out. */
export function MorePage() {
  const { t, i18n } = useTranslation();
  const { signOut } = useAuth();
  const unread = useUnreadNotificationCount();
  const attention = useDocumentsAttention();
  const [leaving, setLeaving] = useState(false);

  return (
    <Screen title={t('driver-app.account.more.title')}>
      <Paper withBorder radius="md">
        <Item
          to="/driver/notifications"
          icon={<IconBell size={22} aria-hidden />}
          label={t('driver-app.account.more.notifications')}
          badge={
            unread ? (
              <Badge
                color="red"
                circle={unread < 10}
                aria-label={t('driver-app.account.more.unread', { count: unread })}
              >
                {unread > 99 ? '99+' : unread}
              </Badge>
            ) : null
          }
        />
        <Item
          to="/driver/profile"
          icon={<IconUser size={22} aria-hidden />}
          label={t('driver-app.account.more.profile')}
        />
        <Item
          to="/driver/profile#bank"
          icon={<IconBuildingBank size={22} aria-hidden />}
          label={t('driver-app.account.more.bank')}
        />
        <Item
          to="/driver/documents"
          icon={<IconFileCertificate size={22} aria-hidden />}
          label={t('driver-app.account.more.documents')}
          badge={
            attention ? (
              <Badge color={attention === 'expiring' ? 'yellow' : 'red'} variant="light" data-testid="documents-badge">
                {t(`driver-app.account.documents.state.${attention}`)}
              </Badge>
            ) : null
          }
        />
        <Item
          to="/driver/cards"
          icon={<IconCreditCard size={22} aria-hidden />}
          label={t('driver-app.account.more.cards')}
        />
        <Item
          to="/driver/money/adjustments"
          icon={<IconAdjustments size={22} aria-hidden />}
          label={t('driver-app.account.more.adjustments')}
        />
        <Item
          to="/driver/money/expenses"
          icon={<IconReceipt size={22} aria-hidden />}
          label={t('driver-app.account.more.expenses')}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <IconLanguage size={22} aria-hidden />
            <Text id="driver-language">{t('driver-app.account.more.language')}</Text>
          </Group>
          <SegmentedControl
            fullWidth
            size="md"
            aria-labelledby="driver-language"
            value={i18n.resolvedLanguage ?? 'en'}
            onChange={(code) => code && void setLanguage(code as Language)}
            data={languages.map((l) => ({ value: l.code, label: l.label }))}
          />
        </Stack>
      </Paper>
      <Button
        size="lg"
        variant="light"
        color="red"
        fullWidth
        leftSection={<IconLogout size={20} />}
        loading={leaving}
        onClick={async () => {
          setLeaving(true);
          try {
            await signOut();
          } finally {
            setLeaving(false);
          }
        }}
      >
        {t('driver-app.account.more.signOut')}
      </Button>
    </Screen>
  );
}
