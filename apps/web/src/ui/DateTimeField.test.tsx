import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../i18n';
import { addDays, companyToday, writeDay } from './date-entry';
import { DateTimeField } from './DateTimeField';

afterEach(cleanup);
beforeEach(() => {
  localStorage.setItem('timezone', 'Europe/London');
  localStorage.setItem('dateFormat', 'd-m-Y');
});

const seen: { value: string | null } = { value: null };
function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MantineProvider>
      <DateTimeField
        dateLabel="Pick-up day"
        timeLabel="Pick-up time"
        value={value}
        onChange={(v) => {
          seen.value = v;
          setValue(v);
        }}
      />
    </MantineProvider>
  );
}

const dayField = () => screen.getByLabelText('Pick-up day') as HTMLInputElement;
const timeField = () => screen.getByLabelText('Pick-up time') as HTMLInputElement;

// Typing key by key is slow on a busy machine; nothing here is timed.
describe('DateTimeField', { timeout: 30_000 }, () => {
  it('gives the time typed after a day is picked on the calendar, whatever the field held', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2030-05-01 10:30" />);
    await user.click(screen.getByRole('button', { name: 'Choose the day on a calendar' }));
    // The calendar opens in a popover; on a busy machine it can take longer than findBy's default second.
    // Found by its label: a role query computes the whole calendar's accessibility tree at every retry,
    // which under load took longer than the wait.
    await user.click(await screen.findByLabelText('2 May 2030', { selector: 'button' }, { timeout: 20_000 }));
    expect(seen.value).toBe('2030-05-02 10:30');
    expect(document.activeElement).toBe(dayField());
    for (const [typed, time] of [
      ['1630', '16:30'],
      ['0930', '09:30'],
      ['2215', '22:15'],
      ['16:30', '16:30'],
    ]) {
      await user.click(timeField());
      await user.keyboard(typed as string);
      expect(seen.value).toBe(`2030-05-02 ${time}`);
      await user.tab();
      expect(timeField().value).toBe(time);
    }
  });

  it('never makes up a midnight: a day alone stays a day alone', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(dayField());
    await user.keyboard('tomorrow');
    const tomorrow = addDays(companyToday(), 1);
    expect(seen.value).toBe(tomorrow);
    await user.tab();
    expect(dayField().value).toBe(writeDay(tomorrow));
    await user.keyboard('1630');
    expect(seen.value).toBe(`${tomorrow} 16:30`);
  });

  it('says when the typed day or time cannot be read', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(dayField(), '31/02');
    await user.type(timeField(), '2460');
    expect(screen.getByText(/Type a day like tomorrow/)).toBeTruthy();
    expect(screen.getByText(/Type a time like 1630/)).toBeTruthy();
    expect(seen.value).toBeNull();
  });
});
