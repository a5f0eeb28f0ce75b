import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../ui/format';
import { lastSeen } from './last-seen';

/** "2 min ago", with the exact time on hover. */
export function LastSeen({ at, now, ...props }: { at: string | null | undefined; now: number } & TextProps) {
  const { t, i18n } = useTranslation();
  if (!at) {
    return (
      <Text span size="xs" c="dimmed" {...props}>
        {t('map.neverSeen')}
      </Text>
    );
  }
  const seen = lastSeen(at, now, i18n.resolvedLanguage ?? 'en');
  return (
    <Text span size="xs" c="dimmed" title={dateTime(at)} {...props}>
      {'key' in seen ? t(`map.${seen.key}`) : seen.text}
    </Text>
  );
}
