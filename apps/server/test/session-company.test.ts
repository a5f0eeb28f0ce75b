import { describe, expect, it } from 'vitest';
import { world } from './world';

describe('the session of a company', () => {
  it('says how the company shows money, time and dates', async () => {
    const w = await world({
      company: { currency: 'EUR', timezone: 'Europe/Berlin', dateFormat: 'd.m.Y', name: 'Limousinen Nord' },
    });
    expect(w.admin.session.userData.company).toEqual({
      name: 'Limousinen Nord',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      dateFormat: 'd.m.Y',
    });
  });
});
