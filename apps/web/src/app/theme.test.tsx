import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { companyTheme } from './theme';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('the company theme', () => {
  it("names every notice's close button, whoever shows the notice", async () => {
    render(
      <MantineProvider theme={companyTheme('#1e3a8a', 'Schließen')}>
        <Notifications />
      </MantineProvider>,
    );
    // Shown the way the dispatch board shows its alert: no close button props of its own.
    act(() => {
      notifications.show({ title: 'Booking #1 picks up soon and has no driver', message: 'No driver fits it.' });
    });
    const close = await screen.findByRole('button', { name: 'Schließen' });
    expect(close.className).toContain('mantine-Notification-closeButton');
  });
});
