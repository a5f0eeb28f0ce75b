import { Badge, type BadgeProps } from '@mantine/core';
import { type BookingStatus, bookingStatusLabels } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';

export const statusColours: Record<BookingStatus, string> = {
  quote: 'gray',
  pending: 'yellow',
  confirmed: 'blue',
  offered: 'grape',
  allocated: 'indigo',
  accepted: 'cyan',
  on_route: 'teal',
  arrived: 'lime',
  on_board: 'green',
  completed: 'green',
  no_show: 'orange',
  cancelled: 'red',
  rejected: 'red',
};

export function StatusBadge({ status, ...props }: { status: BookingStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColours[status]} variant="light" size="sm" {...props}>
      {t(`dispatch.status.${status}`, { defaultValue: bookingStatusLabels[status] })}
    </Badge>
  );
}
