import { Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChecks, IconChevronRight } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCallMutation } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';
import { notifyError } from '../../../ui/notify';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from './screen';
import { usePagedList } from './usePagedList';

type Notification = CallOutput<'Driver/GetDriverNotifications'>;

/** The driver's notifications, unread ones marked; a tap marks one read and opens its job when it has one. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList('Driver/GetDriverNotifications', {});
  const mark = useCallMutation('Driver/UpdateIsNotified');
  const anyUnread = list.rows.some((n) => !n.isNotified);

  const open = async (n: Notification) => {
    if (!n.isNotified) {
      try {
        await mark.mutateAsync({ id: n.id });
      } catch (error) {
        notifyError(t('driver-app.account.notifications.markFailed'), error);
      }
    }
    if (n.bookingId) void navigate(`/driver/jobs/${n.bookingId}`);
  };

  return (
    <Screen
      title={t('driver-app.account.notifications.title')}
      back={{ to: '/driver/more', label: t('driver-app.account.more.title') }}
      actions={
        anyUnread ? (
          <Button
            variant="subtle"
            size="md"
            leftSection={<IconChecks size={18} />}
            loading={mark.isPending && mark.variables?.all === true}
            onClick={() =>
              mark.mutate(
                { all: true },
                { onError: (error) => notifyError(t('driver-app.account.notifications.markFailed'), error) },
              )
            }
          >
            {t('driver-app.account.notifications.markAll')}
          </Button>
        ) : null
      }
    >
      {list.error && !list.rows.length ? (
        <LoadFailed
          title={t('driver-app.account.notifications.loadFailed')}
          error={list.error}
          onRetry={list.refetch}
        />
      ) : list.isPending ? (
        <ListSkeleton rows={5} />
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={<IconBell size={28} />}
          title={t('driver-app.account.notifications.emptyTitle')}
          text={t('driver-app.account.notifications.emptyText')}
        />
      ) : (
        <Stack gap="sm">
          {list.rows.map((n) => (
            <NotificationCard key={n.id} n={n} onOpen={() => void open(n)} />
          ))}
          {list.hasNextPage ? (
            <Button
              variant="default"
              size="md"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('driver-app.account.showMore', { shown: list.rows.length, total: list.count })}
            </Button>
          ) : null}
        </Stack>
      )}
    </Screen>
  );
}

function NotificationCard({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const { t } = useTranslation();
  const unread = !n.isNotified;
  return (
    <Paper
      withBorder
      radius="md"
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
      style={unread ? { borderLeft: '4px solid var(--mantine-color-blue-filled)' } : undefined}
      data-testid="notification"
      data-unread={unread}
    >
      <UnstyledButton
        w="100%"
        p="md"
        mih={64}
        onClick={onOpen}
        aria-label={unread ? t('driver-app.account.notifications.openUnread', { title: n.title }) : n.title}
      >
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={unread ? 700 : 500}>{n.title}</Text>
            <Text size="sm" c={unread ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {dateTime(n.createdAt)}
              {n.bookingId ? ` · ${t('driver-app.account.notifications.job', { id: n.bookingId })}` : ''}
            </Text>
          </Box>
          {n.bookingId ? <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} /> : null}
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
