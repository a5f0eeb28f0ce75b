import { Anchor, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type BookingMove, type BookingStatus, bookingMoves, movesFrom } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useCallMutation } from '../../../api/hooks';
import { useRefreshAfter } from '../../../api/refresh';
import { statusColours } from '../status';

/** Moves that need a driver chosen: they are made on the dispatch board, not here. */
const dispatchOnly: BookingMove[] = ['offer', 'allocate'];
/** Moves that end or undo work ask first and take a note. */
const asksFirst: BookingMove[] = ['cancel', 'reject', 'noShow', 'reset', 'unallocate', 'decline'];

/** The moves this booking may make from its status, as the contract's state machine allows. */
export function allowedActions(status: BookingStatus): BookingMove[] {
  return movesFrom(status).filter((m) => !dispatchOnly.includes(m));
}

export function StatusActions({ id, status, version }: { id: number; status: BookingStatus; version: number }) {
  const { t } = useTranslation();
  const move = useCallMutation('Booking/UpdateBookingStatus');
  const refresh = useRefreshAfter();
  const [asking, setAsking] = useState<BookingMove | null>(null);
  const [note, setNote] = useState('');
  const actions = allowedActions(status);
  const dispatchable = movesFrom(status).some((m) => dispatchOnly.includes(m));
  const toDispatch = dispatchable ? (
    <Anchor component={Link} to={`/dispatch?bookingId=${id}`} size="sm" mt="xs" display="inline-block">
      <Group gap={4} component="span">
        <IconRoute size={14} />
        {t('bookings.allocateOnBoard')}
      </Group>
    </Anchor>
  ) : null;

  const run = async (m: BookingMove, withNote?: string) => {
    try {
      const res = await move.mutateAsync({ id, move: m, version, ...(withNote ? { note: withNote } : {}) });
      notifySuccess(t(`bookings.moved.${m}`, { defaultValue: t('bookings.statusChanged') }), res.message);
      setAsking(null);
      setNote('');
    } catch (error) {
      notifyError(t('bookings.moveFailed'), error);
      // A 409 means someone moved it meanwhile: show where it is now.
      void refresh('Booking/UpdateBookingStatus');
    }
  };

  if (!actions.length) {
    return (
      <>
        <Text size="sm" c="dimmed">
          {t('bookings.noMoves')}
        </Text>
        {toDispatch}
      </>
    );
  }
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {actions.map((m) => (
          <Button
            key={m}
            size="xs"
            variant={asksFirst.includes(m) ? 'outline' : 'light'}
            color={asksFirst.includes(m) ? 'red' : statusColours[bookingMoves[m].to]}
            loading={move.isPending && move.variables?.move === m}
            onClick={() => (asksFirst.includes(m) ? setAsking(m) : run(m))}
          >
            {t(`bookings.move.${m}`)}
          </Button>
        ))}
      </Group>
      {toDispatch}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`bookings.move.${asking}`) : ''}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (asking) void run(asking, note.trim());
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('bookings.moveQuestion', {
                id,
                status: t(`bookings.status.${asking ? bookingMoves[asking].to : status}`),
              })}
            </Text>
            <Textarea
              label={t('bookings.moveNote')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" color="red" loading={move.isPending}>
                {asking ? t(`bookings.move.${asking}`) : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
