import { Badge, type BadgeProps } from '@mantine/core';
import type { BookingStatus } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';

/** One colour per status, shared by the list, the details page and the status actions. */
export const statusColours: Record<BookingStatus, string> = {
  quote: 'gray',
  pending: 'yellow',
  confirmed: 'blue',
  offered: 'cyan',
  allocated: 'indigo',
  accepted: 'violet',
  on_route: 'grape',
  arrived: 'pink',
  on_board: 'orange',
  completed: 'teal',
  no_show: 'red',
  cancelled: 'red',
  rejected: 'dark',
};

export function StatusBadge({ status, ...props }: { status: BookingStatus } & BadgeProps) {
  const { t } = useTranslation();
  const done = status === 'completed' || status === 'cancelled' || status === 'no_show' || status === 'rejected';
  return (
    <Badge
      color={statusColours[status]}
      variant={done ? 'light' : 'filled'}
      tt="none"
      style={{ flexShrink: 0 }}
      {...props}
    >
      {t(`bookings.status.${status}`)}
    </Badge>
  );
}
