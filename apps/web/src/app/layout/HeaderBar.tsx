import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Image,
  Menu,
  Paper,
  Select,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMoon,
  IconSun,
  IconTextDirectionRtl,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { type Language, languages, setLanguage } from '../../i18n';
import { useAuth } from '../auth';
import { useBranding } from '../StartupLoader';
import { usePersistedDirection } from './preferences';
import { LiveIndicator } from './LiveIndicator';

interface Props {
  mobileOpened: boolean;
  toggleMobile: () => void;
  collapsed: boolean;
  toggleCollapsed: () => void;
}

/** The floating white navbar: menu toggles, company logo, language, skin, direction and the user. */
export function HeaderBar({ mobileOpened, toggleMobile, collapsed, toggleCollapsed }: Props) {
  const { t, i18n } = useTranslation();
  const { user, signOut } = useAuth();
  const branding = useBranding();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const { dir, toggle: toggleDirection } = usePersistedDirection();
  const picture = useCall('Common/GetProfileImage', {}, { staleTime: 5 * 60_000 });

  return (
    <Paper shadow="sm" radius="md" m="sm" px="md" h={56} withBorder data-testid="navbar">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={mobileOpened}
            onClick={toggleMobile}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.openMenu')}
          />
          <Tooltip label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}>
            <ActionIcon
              variant="subtle"
              visibleFrom="sm"
              onClick={toggleCollapsed}
              aria-label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
            </ActionIcon>
          </Tooltip>
          <Image
            src={branding.navBarLogo}
            alt={branding.name}
            h={36}
            w="auto"
            fit="contain"
            data-testid="navbar-logo"
          />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LiveIndicator />
          <Select
            aria-label={t('header.language')}
            data={languages.map((l) => ({ value: l.code, label: l.label }))}
            value={i18n.resolvedLanguage ?? 'en'}
            onChange={(lng) => lng && void setLanguage(lng as Language)}
            w={110}
            size="xs"
            allowDeselect={false}
            visibleFrom="xs"
          />
          <Tooltip label={scheme === 'dark' ? t('header.lightSkin') : t('header.darkSkin')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
              aria-label={scheme === 'dark' ? t('header.lightSkin') : t('header.darkSkin')}
            >
              {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('header.direction')}>
            <ActionIcon
              variant={dir === 'rtl' ? 'filled' : 'default'}
              size="lg"
              onClick={toggleDirection}
              aria-label={t('header.direction')}
              aria-pressed={dir === 'rtl'}
            >
              <IconTextDirectionRtl size={18} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withArrow>
            <Menu.Target>
              {/* Named by what it shows (WCAG 2.5.3), after words only a screen reader reads. */}
              <UnstyledButton data-testid="user-menu">
                <VisuallyHidden>{t('header.signedInAs', { name: '' }).trim()}</VisuallyHidden>
                <Group gap={8} wrap="nowrap">
                  <Avatar radius="xl" size={34} src={picture.data?.data.imageUrl ?? null} aria-hidden alt="">
                    {(user?.fullName ?? '?').slice(0, 1)}
                  </Avatar>
                  <div style={{ lineHeight: 1.1 }}>
                    <Text size="sm" fw={600} visibleFrom="md">
                      {user?.fullName}
                    </Text>
                    <Text size="xs" c="dimmed" visibleFrom="md">
                      {user?.staffRoleName ?? user?.role}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('header.signedInAs', { name: user?.email ?? '' })}</Menu.Label>
              <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
                {t('nav.profile')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconLogout size={16} />}
                onClick={() => void signOut()}
                data-testid="sign-out"
              >
                {t('header.signOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
