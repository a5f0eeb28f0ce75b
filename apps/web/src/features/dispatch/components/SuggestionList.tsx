import { Alert, Badge, Group, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { kilometres, minutesOf } from '../format';
import type { Suggestion } from '../model';
import classes from './SuggestionList.module.css';

function Flag({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <Badge size="xs" variant="light" color={ok ? 'green' : 'red'}>
      {ok ? yes : no}
    </Badge>
  );
}

/**
 * The ranked drivers for one booking, each with why it is where it is. Keys 1–9 choose one; the
 * chosen one (or the first) is who Allocate and Offer go to.
 */
export function SuggestionList({
  suggestions,
  note,
  chosen,
  onChoose,
  isPending,
  error,
}: {
  suggestions: Suggestion[] | undefined;
  note: string | null;
  chosen: number;
  onChoose: (index: number) => void;
  isPending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="gray" variant="light" title={t('dispatch.detail.suggestionsFailed')}>
        {messageOf(error)}
      </Alert>
    );
  }
  if (isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('dispatch.detail.suggestionsLoading')}
      </Text>
    );
  if (!suggestions?.length)
    return (
      <Text size="sm" c="dimmed">
        {note ?? t('dispatch.detail.noSuggestions')}
      </Text>
    );
  return (
    <Stack gap={6} role="listbox" aria-label={t('dispatch.detail.suggestions')} data-testid="suggestions">
      {suggestions.slice(0, 9).map((s, i) => (
        <UnstyledButton
          key={s.driverId}
          className={classes.item}
          data-chosen={i === chosen || undefined}
          role="option"
          aria-selected={i === chosen}
          // The name is what the option shows (WCAG 2.5.3: a spoken "choose James Walker" must find it).
          aria-keyshortcuts={String(i + 1)}
          onClick={() => onChoose(i)}
          data-testid="suggestion"
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Kbd size="xs">{i + 1}</Kbd>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} truncate="end">
                  {s.callsign ? `${s.callsign} · ` : ''}
                  {s.driverName}
                </Text>
                <Text size="sm" ff="monospace" style={{ flex: 'none' }}>
                  {t('dispatch.detail.distance', { km: kilometres(s.distanceMetres) })} ·{' '}
                  {t('dispatch.detail.eta', { minutes: minutesOf(s.etaSeconds) })}
                </Text>
              </Group>
              <Group gap={4}>
                {s.vehicleRegistration ? (
                  <Text size="xs" c="dimmed" mr={4}>
                    {s.vehicleRegistration}
                  </Text>
                ) : null}
                <Flag ok={s.onShift} yes={t('dispatch.detail.onShift')} no={t('dispatch.detail.offShift')} />
                <Flag
                  ok={s.vehicleTypeFits}
                  yes={t('dispatch.detail.typeFits')}
                  no={t('dispatch.detail.typeDiffers')}
                />
                <Flag
                  ok={s.documentsValid}
                  yes={t('dispatch.detail.documentsValid')}
                  no={t('dispatch.detail.documentsInvalid')}
                />
              </Group>
              {s.reasons.length ? (
                <Text size="xs" c="dimmed">
                  {s.reasons.join(' · ')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </UnstyledButton>
      ))}
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
