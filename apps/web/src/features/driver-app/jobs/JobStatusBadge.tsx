import { Badge, type BadgeProps } from '@mantine/core';
import { finalStatuses, type BookingStatus } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { statusColours } from '../../bookings/status';

/** A job's status in the driver app's words ("Offered to you"), in the office's colours. */
export function JobStatusBadge({ status, ...props }: { status: BookingStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColours[status]}
      variant={finalStatuses.includes(status) ? 'light' : 'filled'}
      tt="none"
      style={{ flexShrink: 0 }}
      {...props}
    >
      {t(`driver-app.status.${status}`)}
    </Badge>
  );
}
