import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useAbility } from '../ability';
import { useAuth } from '../auth';
import { canOpen, navGroups } from '../nav-items';

/** The vertical menu: every area the role may read, grouped; icons only when collapsed. */
export function NavMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const groups = navGroups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => canOpen(item, user?.role, (s) => ability.can('read', s))),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <ScrollArea type="scroll" component="nav" aria-label={t('app.name')}>
      <Stack gap={4} p="xs">
        {groups.map((group) => (
          <div key={group.label}>
            {!collapsed && group.items.length > 1 ? (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                {t(`nav.${group.label}`)}
              </Text>
            ) : null}
            {group.items.map((item) => {
              const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
              const link = (
                <NavLink
                  key={item.path}
                  component={RouterLink}
                  to={item.path}
                  onClick={onNavigate}
                  label={collapsed ? null : t(`nav.${item.label}`)}
                  aria-label={t(`nav.${item.label}`)}
                  leftSection={<item.icon size={20} stroke={1.6} />}
                  active={active}
                  variant="light"
                  style={{ borderRadius: 8 }}
                />
              );
              return collapsed ? (
                <Tooltip key={item.path} label={t(`nav.${item.label}`)} position="right" withArrow>
                  <div>{link}</div>
                </Tooltip>
              ) : (
                link
              );
            })}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
