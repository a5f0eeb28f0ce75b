import { ActionIcon, AppShell, Badge, Group, Image, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconCalendarEvent,
  IconDots,
  IconHome,
  IconMessages,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useUnreadNotificationCount } from './account/useUnreadNotificationCount';
import { useUnreadChatCount } from './chat/useUnreadChatCount';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import { useBranding } from '../../app/StartupLoader';
import { PageLoader } from '../../ui/PageLoader';
import { SyncBadge } from './SyncBadge';
import classes from './DriverLayout.module.css';

interface Tab {
  label: string;
  path: string;
  icon: Icon;
  /** Other pages that belong to the tab. */
  also?: string[];
}

const tabs: Tab[] = [
  { label: 'today', path: '/driver', icon: IconHome },
  { label: 'jobs', path: '/driver/jobs', icon: IconCalendarEvent },
  { label: 'chat', path: '/driver/chat', icon: IconMessages },
  { label: 'money', path: '/driver/money', icon: IconWallet },
  {
    label: 'more',
    path: '/driver/more',
    icon: IconDots,
    also: ['/driver/notifications', '/driver/profile', '/driver/documents', '/driver/cards'],
  },
];

function isActive(tab: Tab, pathname: string): boolean {
  if (tab.path === '/driver') return pathname === '/driver' || pathname === '/driver/';
  return pathname.startsWith(tab.path) || !!tab.also?.some((p) => pathname.startsWith(p));
}

/** A phone app: the company's name and the connection on top, the five places at the bottom under the thumb. */
export function DriverLayout() {
  const { t } = useTranslation();
  const branding = useBranding();
  const { pathname } = useLocation();
  const unreadChat = useUnreadChatCount();
  const unreadNotes = useUnreadNotificationCount();

  return (
    <AppShell header={{ height: 56 }} footer={{ height: 68 }} padding="sm" className={classes.shell}>
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Image src={branding.navBarLogo} alt={branding.name} h={28} w="auto" fit="contain" />
            <Text fw={700} size="sm" visibleFrom="xs">
              {t('driver-app.appName')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SyncBadge />
            <Indicator label={unreadNotes} size={16} disabled={unreadNotes === 0} offset={4}>
              <ActionIcon
                component={Link}
                to="/driver/notifications"
                variant="subtle"
                size="lg"
                aria-label={t('driver-app.notificationsLabel', { count: unreadNotes })}
              >
                <IconBell />
              </ActionIcon>
            </Indicator>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <ErrorBoundary>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </AppShell.Main>
      <AppShell.Footer>
        <nav className={classes.tabs} aria-label={t('driver-app.tabsLabel')}>
          {tabs.map((tab) => {
            const active = isActive(tab, pathname);
            const badge = tab.label === 'chat' ? unreadChat : 0;
            return (
              <UnstyledButton
                key={tab.path}
                component={Link}
                to={tab.path}
                className={classes.tab}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
              >
                <Stack gap={2} align="center">
                  <tab.icon size={24} stroke={active ? 2.2 : 1.6} />
                  <Text size="xs" fw={active ? 700 : 500}>
                    {t(`driver-app.tab.${tab.label}`)}
                  </Text>
                </Stack>
                {badge > 0 && (
                  <Badge size="xs" color="red" circle className={classes.badge} data-testid="chat-unread">
                    {badge}
                  </Badge>
                )}
              </UnstyledButton>
            );
          })}
        </nav>
      </AppShell.Footer>
    </AppShell>
  );
}
