import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { checkJourney, emptyJourney, journeyField, journeyInput, type Journey, type Rules } from './journey';

const rules: Rules = {
  allowAsap: true,
  minLeadMinutes: 0,
  showViaStops: true,
  showHourlyHire: true,
  showLuggage: true,
  showPassengerCount: true,
  showNotesForDriver: true,
  requireNotesForDriver: false,
  showFlightNumber: true,
  requireFlightNumber: false,
  timezone: 'Europe/London',
  currency: 'GBP',
};
const savoy = {
  address: 'Savoy Hotel, Strand',
  postcode: 'WC2R 0EZ',
  placeName: 'The Savoy',
  lat: 51.51,
  lng: -0.12,
  knownLocationId: 7,
  source: 'known_location' as const,
};

const journey = (change: Partial<Journey> = {}): Journey => ({
  ...emptyJourney(),
  pickup: { text: 'The Savoy', place: savoy },
  dropoff: { text: 'Wembley Stadium', place: null },
  when: '2026-07-01 16:30',
  ...change,
});

describe('the journey step', () => {
  it('asks for what is missing, in the order of the page', () => {
    expect(checkJourney(emptyJourney(), rules)).toEqual({
      pickup: 'errors.pickupRequired',
      dropoff: 'errors.dropoffRequired',
      when: 'errors.whenRequired',
    });
    expect(checkJourney(journey({ when: '2026-07-01' }), rules)).toEqual({ when: 'errors.timeRequired' });
    expect(checkJourney(journey({ when: '16:30' }), rules)).toEqual({ when: 'errors.dayRequired' });
    expect(checkJourney(journey({ byTheHour: true, dropoff: { text: '', place: null } }), rules)).toEqual({
      hireMinutes: 'errors.hoursRequired',
    });
    expect(checkJourney(journey({ asap: true, when: null }), rules)).toEqual({});
    expect(checkJourney(journey({ asap: true, when: null }), { ...rules, allowAsap: false })).toEqual({
      when: 'errors.whenRequired',
    });
  });

  it('sends the chosen places with their coordinates, the time in UTC from the company clock', () => {
    const input = journeyInput(journey({ vias: [{ text: '', place: null }] }), rules);
    expect(input.stops).toEqual([
      { address: 'The Savoy', postcode: 'WC2R 0EZ', lat: 51.51, lng: -0.12, knownLocationId: 7 },
      { address: 'Wembley Stadium' },
    ]);
    expect(input.pickupAt).toBe('2026-07-01T15:30:00.000Z');
    expect(input.isAsap).toBe(false);
    expect(schemas.webBookerPricingInput.safeParse(input).success).toBe(true);
  });

  it('sends an hourly hire without a drop-off, and as soon as possible without a time', () => {
    const input = journeyInput(journey({ byTheHour: true, hireMinutes: '120', asap: true }), rules);
    expect(input.stops).toHaveLength(1);
    expect(input).toMatchObject({ hireMinutes: 120, isAsap: true });
    expect(input).not.toHaveProperty('pickupAt');
  });

  it('puts a server error back on its field', () => {
    const j = journey({ vias: [{ text: 'Baker Street', place: null }] });
    expect(journeyField('stops.0', j)).toBe('pickup');
    expect(journeyField('stops.1', j)).toBe('vias');
    expect(journeyField('stops.2', j)).toBe('dropoff');
    expect(journeyField('pickupAt', j)).toBe('when');
    expect(journeyField('passengerCount', j)).toBe('passengers');
    expect(journeyField('email', j)).toBeNull();
  });
});
