import { beforeAll, describe, expect, it } from 'vitest';
import { call, callData } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher'>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'] });
  for (const [name, address, postcode] of [
    ['Heathrow Airport Terminal 5', 'Heathrow Airport Terminal 5, Hounslow', 'TW6 2GA'],
    ['Heathrow Airport Terminal 2', 'Heathrow Airport Terminal 2, Hounslow', 'TW6 1EW'],
    ['Gatwick Airport South Terminal', 'Gatwick Airport, Crawley', 'RH6 0NP'],
  ] as const) {
    await callData(w.app, 'KnownLocation/Create', { name, address, postcode, locationType: 'airport' }, w.admin.token);
  }
  await callData(
    w.app,
    'Passenger/Create',
    { firstName: 'Pat', surname: 'Passenger', phone: '+44 7700 900001' },
    w.admin.token,
  );
  await callData(
    w.app,
    'Passenger/Create',
    { firstName: 'Patricia', surname: 'Jones', email: 'pj@l.test' },
    w.admin.token,
  );
});

const placeNames = async (q: string) =>
  (await call(w.app, 'KnownLocation/GetTableSummary', { q, perPage: 10 }, w.as.Dispatcher.token)).body.data.map(
    (p) => p.name,
  );

describe('searches match every word typed, in any order', () => {
  it('finds a known place from words of its name that are not side by side', async () => {
    expect(await placeNames('Heathrow Terminal 5')).toEqual(['Heathrow Airport Terminal 5']);
    expect(await placeNames('terminal heathrow')).toEqual([
      'Heathrow Airport Terminal 2',
      'Heathrow Airport Terminal 5',
    ]);
    expect(await placeNames('heat 5')).toEqual(['Heathrow Airport Terminal 5']);
    expect(await placeNames('Heathrow Gatwick')).toEqual([]);
  });

  it('finds a passenger by surname then first name, and by the words of the phone number', async () => {
    const found = await call(w.app, 'Common/GetSearchedPassenger', { q: 'passenger pat' }, w.as.Dispatcher.token);
    expect(found.body.data.map((p) => p.name)).toEqual(['Pat Passenger']);
    const byPhone = await call(w.app, 'Common/GetSearchedPassenger', { q: '7700 +44' }, w.as.Dispatcher.token);
    expect(byPhone.body.data.map((p) => p.name)).toEqual(['Pat Passenger']);
  });
});
