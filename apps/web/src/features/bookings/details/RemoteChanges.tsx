import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { dateTime } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { ChangeList } from './ChangeList';

/** Changes asked for from the client portal or the passenger app, waiting for the office's yes or no. */
export function RemoteChanges({ id, canDecide }: { id: number; canDecide: boolean }) {
  const { t } = useTranslation();
  const remote = useCall('Booking/GetRemoteBookingHistoryLog', { bookingId: id, status: 'pending', perPage: 100 });
  const decide = useCallMutation('Booking/ApproveRemoteBookingHistory');
  if (remote.error) {
    return (
      <Alert color="red" title={t('bookings.remote.failed')} role="alert">
        {messageOf(remote.error)}
      </Alert>
    );
  }
  const pending = (remote.data?.data ?? []).filter((c) => c.status === 'pending');
  if (!pending.length) {
    return (
      <Text size="sm" c="dimmed">
        {remote.data ? t('bookings.remote.none') : t('bookings.loading')}
      </Text>
    );
  }
  const run = async (changeId: number, approve: boolean) => {
    try {
      const res = await decide.mutateAsync({ id: changeId, approve });
      notifySuccess(approve ? t('bookings.remote.approved') : t('bookings.remote.rejected'), res.message);
    } catch (error) {
      notifyError(t('bookings.remote.decideFailed'), error);
    }
  };
  const busy = (changeId: number, approve: boolean) =>
    decide.isPending && decide.variables?.id === changeId && decide.variables.approve === approve;
  return (
    <Stack gap="sm">
      {pending.map((c) => (
        <Paper key={c.id} withBorder p="sm" radius="md" bg="var(--mantine-color-orange-light)">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {t('bookings.remote.asked', {
                who: c.requestedByName ?? t(`bookings.source.${c.source}`, { defaultValue: c.source }),
                when: dateTime(c.createdAt),
              })}
            </Text>
            {canDecide ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="teal"
                  leftSection={<IconCheck size={14} />}
                  loading={busy(c.id, true)}
                  onClick={() => run(c.id, true)}
                >
                  {t('bookings.remote.approve')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="outline"
                  leftSection={<IconX size={14} />}
                  loading={busy(c.id, false)}
                  onClick={() => run(c.id, false)}
                >
                  {t('bookings.remote.reject')}
                </Button>
              </Group>
            ) : null}
          </Group>
          <ChangeList changes={c.changes} />
        </Paper>
      ))}
    </Stack>
  );
}
