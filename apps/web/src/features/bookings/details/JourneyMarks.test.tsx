import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { JourneyMarks } from './JourneyMarks';

let marks: Record<string, unknown>[] = [];

vi.mock('../../../api/client', () => ({
  callApi: async (_name: string, input: { id: number }) => ({ data: { bookingId: input.id, marks } }),
}));

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <JourneyMarks id={7} />
        <span data-testid="after">after</span>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('the journey marks on the booking details page', { timeout: 30_000 }, () => {
  it('shows each implausible step with its figures in words', async () => {
    marks = [
      {
        id: 1,
        step: 'arrive',
        kind: 'arrived_far',
        message: 'Arrived 2.0 km from the pick-up (more than 500 m).',
        driverId: 3,
        driverName: 'Dan Driver',
        details: { metresFromPickup: 2001 },
        createdAt: '2026-11-22T10:00:00Z',
      },
    ];
    show();
    const box = await screen.findByTestId('journey-marks');
    expect(box.textContent).toContain('A journey step looked wrong');
    expect(box.textContent).toContain('Arrived far away');
    expect(screen.getByTestId('journey-mark').textContent).toBe('Arrived 2.0 km from the pick-up (more than 500 m).');
    expect(box.textContent).toContain('Dan Driver');
  });

  it('shows nothing when every step looked right', async () => {
    marks = [];
    show();
    await waitFor(() => expect(screen.queryByLabelText(/Loading/i)).toBeNull());
    expect(screen.queryByTestId('journey-marks')).toBeNull();
  });
});
