import { Badge } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';

type Status = CallOutput<'Outbox/GetTableSummary'>['status'];

export const outboxStatusColours: Record<Status, string> = {
  queued: 'blue',
  sent: 'teal',
  failed: 'red',
  held: 'yellow',
};

export function OutboxStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Badge color={outboxStatusColours[status]} variant={status === 'sent' ? 'light' : 'filled'}>
      {t(`notifications.status.${status}`)}
    </Badge>
  );
}
