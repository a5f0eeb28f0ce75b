import { describe, expect, it } from 'vitest';
import { lastSeen } from './last-seen';

const now = Date.parse('2025-03-01T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe('lastSeen', () => {
  it('says just now for the last 45 seconds and for clocks a little ahead', () => {
    expect(lastSeen(ago(10), now, 'en')).toEqual({ key: 'justNow' });
    expect(lastSeen(ago(-30), now, 'en')).toEqual({ key: 'justNow' });
  });

  it('counts minutes, hours and days in the viewer language', () => {
    expect(lastSeen(ago(120), now, 'en')).toEqual({ text: '2 min ago' });
    expect(lastSeen(ago(3 * 3600), now, 'en')).toEqual({ text: '3 hr ago' });
    expect(lastSeen(ago(86_400), now, 'en')).toEqual({ text: 'yesterday' });
    expect(lastSeen(ago(120), now, 'de')).toEqual({ text: 'vor 2 Min.' });
  });
});
