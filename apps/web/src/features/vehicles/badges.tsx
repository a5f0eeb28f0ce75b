import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Vehicle } from './form-values';

export const documentStateColours: Record<Vehicle['documentState'], string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  missing: 'gray',
};

/** The worst state of the vehicle's mandatory documents; anything but valid stands out. */
export function DocumentStateBadge({ state, ...props }: { state: Vehicle['documentState'] } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={documentStateColours[state]} variant={state === 'valid' ? 'light' : 'filled'} {...props}>
      {t(`vehicles.documentState.${state}`)}
    </Badge>
  );
}
