import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../ui/format';

/** Open, or Closed with a tooltip naming who closed it, when, and the action taken (spec 000 §4). */
export function IncidentStatusBadge({
  status,
  name,
  closedAt,
  actionTaken,
}: {
  status: boolean;
  name: string | null;
  closedAt: string | null;
  actionTaken: string | null;
}) {
  const { t } = useTranslation();
  if (status) {
    return (
      <Badge color="orange" variant="light">
        {t('incidents.open')}
      </Badge>
    );
  }
  return (
    <Tooltip
      withArrow
      multiline
      maw={340}
      label={
        <Stack gap={2} data-testid="closed-tooltip">
          <Text size="xs">{t('incidents.closedBy', { name: name ?? '—', when: dateTime(closedAt) })}</Text>
          <Text size="xs">
            {t('incidents.actionTaken')}: {actionTaken ?? '—'}
          </Text>
        </Stack>
      }
    >
      <Badge color="teal" variant="light" style={{ cursor: 'help' }}>
        {t('incidents.closed')}
      </Badge>
    </Tooltip>
  );
}
