import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../kit/test-utils';
import { PlaceholderPage } from './PlaceholderPage';

const myBookings = { label: 'myBookings', path: '/my-bookings', icon: () => null, subject: 'PassengerApp' } as const;

describe('the page of an area not built yet', () => {
  afterEach(cleanup);

  it('offers the way back from an area that is not the start page', () => {
    renderAt(<PlaceholderPage item={myBookings} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/');
  });

  it('offers no way back on the start page itself, where it would lead to the same page', () => {
    renderAt(<PlaceholderPage item={myBookings} isHome />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('placeholder')).toBeTruthy();
  });
});
