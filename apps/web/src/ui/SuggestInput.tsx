import { Combobox, Loader, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { type ReactNode, type Ref, useEffect } from 'react';

/** What a search answered, and for which text: a list for another text is never shown. */
export interface Suggestions<T> {
  /** The text the list answers (trimmed). */
  forText: string;
  items: T[];
}

/** Text compared for "is this list for what is typed now": trimmed, spaces squeezed, any case. */
export const searchText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

interface Props<T> extends Omit<TextInputProps, 'value' | 'onChange' | 'ref'> {
  value: string;
  onChange: (text: string) => void;
  /** The latest answer; shown only while it answers the text in the field. */
  suggestions: Suggestions<T> | null;
  /** A search for the text in the field is on its way. */
  searching?: boolean;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** Said when the search for the text in the field found nothing (nothing is said when empty). */
  nothingFound?: ReactNode;
  searchingText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text field with suggestions searched for what is typed (known places, passengers).
 *
 * - A list is shown only for the text it answers: suggestions for an older text are never shown
 *   nor chosen, whatever order the answers arrive in.
 * - The first suggestion is highlighted as soon as a list arrives; ↑/↓ move, Enter chooses the
 *   highlighted one and does nothing else (it never submits the form), Escape closes.
 * - Choosing gives the text of the choice to the field and keeps the focus there.
 */
export function SuggestInput<T>({
  value,
  onChange,
  suggestions,
  searching,
  keyOf,
  render,
  onPick,
  nothingFound,
  searchingText,
  inputRef,
  onFocus,
  onBlur,
  onKeyDown,
  ...input
}: Props<T>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const current = suggestions && searchText(suggestions.forText) === searchText(value) ? suggestions.items : null;
  const typed = searchText(value) !== '';

  // A fresh list for the text in the field: its first suggestion is the one Enter chooses.
  useEffect(() => {
    if (current?.length && combobox.dropdownOpened) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
    // The list itself (not the store) decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, combobox.dropdownOpened]);

  const options = (current ?? []).map((item) => (
    <Combobox.Option value={keyOf(item)} key={keyOf(item)}>
      {render(item)}
    </Combobox.Option>
  ));
  const status =
    !current && (searching || typed) ? searchingText : current && !current.length && typed ? nothingFound : null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(key) => {
        const item = current?.find((i) => keyOf(i) === key);
        combobox.closeDropdown();
        if (item) onPick(item);
      }}
      withinPortal
    >
      <Combobox.Target>
        <TextInput
          {...input}
          ref={inputRef}
          value={value}
          autoComplete="off"
          rightSection={searching ? <Loader size={14} /> : input.rightSection}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            if (e.currentTarget.value.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={(e) => onFocus?.(e)}
          onBlur={(e) => {
            combobox.closeDropdown();
            onBlur?.(e);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !combobox.dropdownOpened && typed) combobox.openDropdown();
            onKeyDown?.(e);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!options.length && !status}>
        <Combobox.Options>
          {options}
          {!options.length && status ? <Combobox.Empty>{status}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
