import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../ability';
import { useLiveState } from '../LiveProvider';

/** Tells the office whether the screens update by themselves right now. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const state = useLiveState();
  const ability = useAbility();
  if (!ability.can('read', 'Dispatch') && !ability.can('read', 'Booking')) return null;
  const colour = state === 'live' ? 'teal' : state === 'connecting' ? 'yellow' : 'red';
  return (
    <Tooltip label={t(`live.${state}Hint`)}>
      <Badge color={colour} variant="dot" data-testid="live-state" data-state={state} visibleFrom="sm">
        {t(`live.${state}`)}
      </Badge>
    </Tooltip>
  );
}
