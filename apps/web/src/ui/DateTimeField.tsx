import { ActionIcon, Group, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinWall, readDate, readTime, splitWall, writeDay } from './date-entry';

interface Props {
  /** "YYYY-MM-DD HH:mm" on the company's clock; "YYYY-MM-DD" with only a day, "HH:mm" with only a time. */
  value: string | null;
  onChange: (value: string | null) => void;
  dateLabel: string;
  timeLabel: string;
  /** The form's error; shown on the time when a day is chosen, else on the day. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  datePlaceholder?: string;
  description?: ReactNode;
  /** Called when the field loses focus (the form's blur validation). */
  onBlur?: () => void;
}

/**
 * A day and a time typed on the keyboard, each in its own field (spec: the booking form, issue 13).
 *
 * - The day takes "tomorrow", "26/11", "26/11/2026", "2611", "+2", a week day, in the company's
 *   date order; the calendar button (or Alt+↓ in the day) picks one and gives the focus back.
 * - The time takes "1630", "16:30", "930", "4pm". The first key typed after the focus arrives
 *   replaces what the field held, so typing a time always gives that time.
 * - Nothing is made up: a day without a time stays without one, and the form asks for it.
 */
export function DateTimeField({
  value,
  onChange,
  dateLabel,
  timeLabel,
  error,
  required,
  disabled,
  datePlaceholder,
  description,
  onBlur,
}: Props) {
  const { t } = useTranslation();
  const { day, time } = splitWall(value);
  const [dateText, setDateText] = useState(() => (day ? writeDay(day) : ''));
  const [timeText, setTimeText] = useState(() => time ?? '');
  const [calendarOpen, setCalendarOpen] = useState(false);
  const dateInput = useRef<HTMLInputElement | null>(null);
  const fresh = useRef<'date' | 'time' | null>(null);
  const id = useId();

  // What the texts say now; a value set from outside (a booking loaded, the form reset) rewrites them.
  const typedDay = readDate(dateText);
  const typedTime = readTime(timeText);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (day !== typedDay) setDateText(day ? writeDay(day) : '');
    if (time !== typedTime) setTimeText(time ?? '');
  }

  const setDay = (text: string) => {
    setDateText(text);
    onChange(joinWall(readDate(text), typedTime));
  };
  const setTime = (text: string) => {
    setTimeText(text);
    onChange(joinWall(typedDay, readTime(text)));
  };

  /** The first key after the focus arrives replaces the text, whatever the caret or selection. */
  const replaceOnFirstKey = (which: 'date' | 'time', set: (text: string) => void) => (e: KeyboardEvent) => {
    if (fresh.current !== which) return;
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      fresh.current = null;
      set(e.key);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      fresh.current = null;
      set('');
    } else if (e.key !== 'Shift' && e.key !== 'Tab') {
      fresh.current = null;
    }
  };

  const dateUnreadable = dateText.trim() !== '' && !typedDay;
  const timeUnreadable = timeText.trim() !== '' && !typedTime;
  const errorOnTime = !!day;
  const pick = (picked: string | null) => {
    setCalendarOpen(false);
    if (picked) {
      const chosen = picked.slice(0, 10);
      setDateText(writeDay(chosen));
      onChange(joinWall(chosen, typedTime));
    }
    // The picker gives the focus back to its field.
    requestAnimationFrame(() => dateInput.current?.focus());
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Popover
        opened={calendarOpen}
        onChange={setCalendarOpen}
        position="bottom-start"
        trapFocus
        returnFocus
        withinPortal
        // The day is a text field: aria-expanded is not allowed on it (the calendar button opens the picker).
        withRoles={false}
      >
        <Popover.Target>
          <TextInput
            ref={dateInput}
            id={`${id}-date`}
            label={dateLabel}
            required={required}
            disabled={disabled}
            placeholder={datePlaceholder ?? t('dateEntry.datePlaceholder')}
            description={description}
            autoComplete="off"
            value={dateText}
            style={{ flex: 3 }}
            onFocus={(e) => {
              fresh.current = 'date';
              e.currentTarget.select();
            }}
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowDown') {
                e.preventDefault();
                setCalendarOpen(true);
                return;
              }
              replaceOnFirstKey('date', setDay)(e);
            }}
            onChange={(e) => setDay(e.currentTarget.value)}
            onBlur={() => {
              fresh.current = null;
              if (typedDay) setDateText(writeDay(typedDay));
              onBlur?.();
            }}
            error={dateUnreadable ? t('dateEntry.unreadableDate') : !errorOnTime && error ? error : undefined}
            rightSection={
              <ActionIcon
                variant="subtle"
                tabIndex={-1}
                disabled={disabled}
                aria-label={t('dateEntry.openCalendar')}
                title={t('dateEntry.openCalendar')}
                onClick={() => setCalendarOpen((o) => !o)}
              >
                <IconCalendar size={16} />
              </ActionIcon>
            }
          />
        </Popover.Target>
        <Popover.Dropdown>
          <DatePicker
            value={typedDay}
            defaultDate={typedDay ?? undefined}
            onChange={(v) => pick(v ? String(v) : null)}
            aria-label={t('dateEntry.calendar')}
          />
        </Popover.Dropdown>
      </Popover>
      <TextInput
        label={timeLabel}
        required={required}
        disabled={disabled}
        placeholder={t('dateEntry.timePlaceholder')}
        autoComplete="off"
        inputMode="numeric"
        value={timeText}
        style={{ flex: 2 }}
        onFocus={(e) => {
          fresh.current = 'time';
          e.currentTarget.select();
        }}
        onKeyDown={replaceOnFirstKey('time', setTime)}
        onChange={(e) => setTime(e.currentTarget.value)}
        onBlur={() => {
          fresh.current = null;
          if (typedTime) setTimeText(typedTime);
          onBlur?.();
        }}
        error={timeUnreadable ? t('dateEntry.unreadableTime') : errorOnTime && error ? error : undefined}
      />
    </Group>
  );
}
