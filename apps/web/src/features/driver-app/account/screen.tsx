import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/errors';

/**
 * The height the shell leaves between its header and tab bar, so a screen's primary action rests at
 * the bottom even when the screen has little to show.
 */
const FILL_HEIGHT =
  'calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px) - 2 * var(--app-shell-padding, 0px) - var(--mantine-spacing-xl))';

/**
 * One driver-app screen: a heading (with a way back on screens below a tab), one column at most
 * 720 px wide, and room at the bottom for a sticky primary action.
 */
export function Screen({
  title,
  back,
  actions,
  footer,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      maw={720}
      mx="auto"
      w="100%"
      style={footer ? { display: 'flex', flexDirection: 'column', minHeight: FILL_HEIGHT } : undefined}
    >
      <Stack gap="md" style={footer ? { flex: 1 } : undefined}>
        <Stack gap={2}>
          {back ? (
            <Anchor component={Link} to={back.to} size="sm" w="fit-content">
              <Group gap={2} component="span">
                <IconChevronLeft size={16} aria-hidden />
                {back.label}
              </Group>
            </Anchor>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Title order={2}>{title}</Title>
            {actions}
          </Group>
        </Stack>
        {children}
      </Stack>
      {footer ? <StickyFooter>{footer}</StickyFooter> : null}
    </Box>
  );
}

/** The primary action of a screen stays in reach of the thumb, above the tab bar. */
export function StickyFooter({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="sticky"
      // Above the app's fixed tab bar, which the shell gives as this offset.
      bottom="var(--app-shell-footer-offset, 0px)"
      py="sm"
      mt="md"
      style={{ background: 'var(--mantine-color-body)', zIndex: 5 }}
      data-testid="sticky-footer"
    >
      {children}
    </Box>
  );
}

export function ListSkeleton({ rows = 4, height = 72 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('driver-app.account.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** An empty list says what would be there and why it is empty. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={420}>
        {text}
      </Text>
      {action}
    </Stack>
  );
}

/** A failed read, in words, with a way to ask again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        <Button variant="white" color="red" size="sm" onClick={() => void onRetry()}>
          {t('driver-app.account.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
