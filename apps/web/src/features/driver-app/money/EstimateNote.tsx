import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { money } from '../../../ui/format';

/**
 * Says how much of an earned figure is on no approved statement yet. Those jobs are priced as the
 * next statement would pay them, but the office may still change a fare or the driver's pay model,
 * so the driver must not read them as settled pay.
 */
export function EstimateNote({
  totalMinor,
  estimatedMinor,
  currency,
  testId = 'earnings-estimate',
}: {
  totalMinor: number;
  estimatedMinor: number;
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (estimatedMinor <= 0) return null;
  const key = estimatedMinor >= totalMinor ? 'driver-app.money.estimate.all' : 'driver-app.money.estimate.part';
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {t(key, { total: money(totalMinor, currency), estimated: money(estimatedMinor, currency) })}
    </Text>
  );
}
