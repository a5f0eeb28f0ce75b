import { useDebouncedValue } from '@mantine/hooks';
import type { CallOutput } from '@cabdesk/contract';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { SuggestInput, searchText } from '../../../ui/SuggestInput';

export type FoundPassenger = CallOutput<'Common/GetSearchedPassenger'>;

interface Props {
  label: string;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  value: number | null;
  /** The chosen passenger's name when the form opens on an existing booking. */
  initialLabel?: string | null;
  onChange: (id: number | null, passenger: FoundPassenger | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A passenger chosen by typing words of the name, e-mail or phone, in any order; the server searches
 * (`Common/GetSearchedPassenger`). Typing over a chosen passenger lets them go.
 */
export function PassengerPicker({ value, initialLabel, onChange, inputRef, ...props }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value ? (initialLabel ?? `#${value}`) : ''));
  const [q] = useDebouncedValue(searchText(text), 150);
  const wanted = q.length >= 2 && !value;
  const found = useCall(
    'Common/GetSearchedPassenger',
    { q, perPage: 8, page: 0 },
    { enabled: wanted, staleTime: 30_000, placeholderData: undefined },
  );
  const fresh = wanted && found.data && !found.isPlaceholderData;
  return (
    <SuggestInput
      {...props}
      inputRef={inputRef}
      value={text}
      onChange={(next) => {
        setText(next);
        if (value) onChange(null, null);
      }}
      suggestions={fresh ? { forText: q, items: found.data.data } : null}
      searching={wanted && (found.isFetching || q !== searchText(text))}
      keyOf={(p) => String(p.id)}
      render={labelOf}
      onPick={(p) => {
        setText(labelOf(p));
        onChange(p.id, p);
      }}
      searchingText={t('bookings.form.searching')}
      nothingFound={t('bookings.form.noPassenger')}
    />
  );
}

function labelOf(p: FoundPassenger): string {
  const contact = p.mobile ?? p.phone ?? p.email;
  return [p.name, contact, p.clientName].filter(Boolean).join(' · ');
}
