import { Badge, type BadgeProps } from '@mantine/core';
import type { schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type DocumentState = z.output<typeof schemas.driverRow>['documentState'];

export const documentStates = ['valid', 'expiring', 'expired', 'missing'] as const satisfies readonly DocumentState[];

/** 1 available, 2 busy, 3 offline, 4 on break. */
export const availabilityColours: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'gray', 4: 'yellow' };

export const documentStateColours: Record<DocumentState, string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  missing: 'gray',
};

export function AvailabilityBadge({ availability, ...props }: { availability: number } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={availabilityColours[availability] ?? 'gray'} variant="light" {...props}>
      {t(`drivers.availability.${availability}`)}
    </Badge>
  );
}

/** Short in tables ("Expired"), spelt out in the profile header ("Documents expired"). */
export function DocumentStateBadge({
  state,
  long = false,
  ...props
}: { state: DocumentState; long?: boolean } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color={documentStateColours[state]}
      variant={state === 'valid' ? 'light' : 'filled'}
      title={t(`drivers.documentStateLong.${state}`)}
      {...props}
    >
      {t(long ? `drivers.documentStateLong.${state}` : `drivers.documentState.${state}`)}
    </Badge>
  );
}
