import { Badge } from '@mantine/core';
import type { ExpiryState } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { expiryColours } from './rules';

/** Green valid, orange expiring (with the days left), red expired, grey without expiry. */
export function ExpiryBadge({ state, days }: { state: ExpiryState; days?: number | null }) {
  const { t } = useTranslation();
  const label =
    state === 'expiring' && typeof days === 'number'
      ? days === 0
        ? t('documents.expiresToday')
        : t('documents.daysLeft', { count: days })
      : state === 'expired' && typeof days === 'number'
        ? t('documents.expiredAgo', { count: -days })
        : t(`documents.state.${state}`);
  return (
    <Badge
      color={expiryColours[state]}
      variant={state === 'valid' || state === 'no_expiry' ? 'light' : 'filled'}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
