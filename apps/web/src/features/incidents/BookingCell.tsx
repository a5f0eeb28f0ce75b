import { Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../ui/format';

/**
 * A booking as `#id`; its tooltip gives the date and time in the viewer's locale, the pick-up and
 * the drop-off (spec 000 §9).
 */
export function BookingCell({
  id,
  date,
  pickUp,
  dropOff,
  href,
}: {
  id: number | null;
  date: string | null;
  pickUp: string | null;
  dropOff: string | null;
  href?: string;
}) {
  const { t } = useTranslation();
  if (!id) return <Text c="dimmed">—</Text>;
  const label = (
    <Stack gap={2} data-testid="booking-tooltip">
      <Text size="sm" fw={600}>
        {dateTime(date)}
      </Text>
      <Text size="xs">
        {t('incidents.pickUp')}: {pickUp ?? '—'}
      </Text>
      <Text size="xs">
        {t('incidents.dropOff')}: {dropOff ?? '—'}
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={label} multiline maw={320} withArrow>
      {href ? (
        <Anchor href={href} size="sm" fw={600}>
          #{id}
        </Anchor>
      ) : (
        <Text size="sm" fw={600} span style={{ cursor: 'help' }}>
          #{id}
        </Text>
      )}
    </Tooltip>
  );
}

/** A person's name; the tooltip shows their phone number and e-mail. */
export function PersonCell({
  name,
  phoneNo,
  email,
}: {
  name: string | null;
  phoneNo: string | null;
  email: string | null;
}) {
  const { t } = useTranslation();
  if (!name) return <Text c="dimmed">—</Text>;
  return (
    <Tooltip
      withArrow
      multiline
      maw={300}
      label={
        <Stack gap={2}>
          <Text size="xs">
            {t('incidents.phoneNo')}: {phoneNo ?? '—'}
          </Text>
          <Text size="xs">
            {t('incidents.email')}: {email ?? '—'}
          </Text>
        </Stack>
      }
    >
      <Text size="sm" span style={{ cursor: 'help' }}>
        {name}
      </Text>
    </Tooltip>
  );
}
