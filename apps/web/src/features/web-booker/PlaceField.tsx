import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchText, SuggestInput } from '../../ui/SuggestInput';
import type { Caller } from './BookingSteps';
import type { Place, StopChoice } from './journey';

/**
 * An address chosen from the company's known places, postcodes and the address service
 * (`Booking/GetPlacesForWebBooker`); typing over a choice forgets where it was.
 */
export function PlaceField({
  label,
  value,
  onChange,
  call,
  error,
  required,
  autoFocus,
}: {
  label: string;
  value: StopChoice;
  onChange: (value: StopChoice) => void;
  call: Caller;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [q] = useDebouncedValue(searchText(value.text), 200);
  const wanted = q.length >= 2 && !value.place;
  const found = useQuery({
    queryKey: ['web-booker-places', q],
    enabled: wanted,
    staleTime: 5 * 60_000,
    queryFn: async () => ({ forText: q, items: (await call('Booking/GetPlacesForWebBooker', { text: q })).data }),
  });
  const fresh = wanted && found.data && found.data.forText === q ? found.data : null;
  return (
    <SuggestInput<Place>
      label={label}
      required={required}
      autoFocus={autoFocus}
      autoComplete="off"
      value={value.text}
      onChange={(text) => onChange({ text, place: null })}
      suggestions={fresh}
      searching={wanted && (found.isFetching || q !== searchText(value.text))}
      keyOf={(p) => `${p.source}:${p.knownLocationId ?? ''}:${p.address}:${p.lat}:${p.lng}`}
      render={(p) => (
        <div>
          <Text size="sm">{p.placeName ?? p.address}</Text>
          {p.placeName ? (
            <Text size="xs" c="dimmed">
              {p.address}
              {p.postcode ? `, ${p.postcode}` : ''}
            </Text>
          ) : p.postcode ? (
            <Text size="xs" c="dimmed">
              {p.postcode}
            </Text>
          ) : null}
        </div>
      )}
      onPick={(p) => onChange({ text: p.placeName ?? p.address, place: p })}
      nothingFound={t('web-booker.journey.nothingFound')}
      searchingText={t('web-booker.journey.searching')}
      error={error}
    />
  );
}
