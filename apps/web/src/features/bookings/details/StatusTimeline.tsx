import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { finalStatuses } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../../ui/format';
import type { BookingDetails } from '../api';

const steps = [
  'createdAt',
  'offeredAt',
  'allocatedAt',
  'acceptedAt',
  'onRouteAt',
  'arrivedAt',
  'onBoardAt',
  'completedAt',
  'cancelledAt',
] as const;

/**
 * When the booking reached each step. Steps it passed over (a hard allocation skips the offer) are
 * left out; while the booking is open, the steps still ahead follow, dimmed.
 */
export function StatusTimeline({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation();
  const reached = steps.filter((s) => booking[s]);
  const last = reached[reached.length - 1];
  const ahead =
    booking.cancelledAt || finalStatuses.includes(booking.status)
      ? []
      : steps.slice(last ? steps.indexOf(last) + 1 : 0).filter((s) => s !== 'cancelledAt');
  return (
    <Timeline active={reached.length - 1} bulletSize={18} lineWidth={2}>
      {[...reached, ...ahead].map((s) => {
        const at = booking[s];
        return (
          <Timeline.Item
            key={s}
            title={
              <Text size="sm" fw={at ? 600 : 400} c={at ? undefined : 'dimmed'}>
                {t(`bookings.timeline.${s}`)}
              </Text>
            }
            color={s === 'cancelledAt' ? 'red' : undefined}
            bullet={at ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
            lineVariant={at ? 'solid' : 'dashed'}
          >
            {at ? (
              <Text size="xs" c="dimmed">
                {dateTime(at)}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
