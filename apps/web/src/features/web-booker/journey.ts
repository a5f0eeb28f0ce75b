import type { CallInput, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { wallToIso } from '../../ui/date-entry';

export type Place = z.output<typeof schemas.addressPlace>;
export type Rules = z.output<typeof schemas.webBookerRules>;
export type PricedVehicle = z.output<typeof schemas.webBookerPricingRow>;

/** A stop as the visitor chose it: the words shown and, once chosen from the list, where it is. */
export interface StopChoice {
  text: string;
  place: Place | null;
}

export interface Journey {
  pickup: StopChoice;
  dropoff: StopChoice;
  vias: StopChoice[];
  byTheHour: boolean;
  hireMinutes: string | null;
  asap: boolean;
  /** "YYYY-MM-DD HH:mm" on the company's clock. */
  when: string | null;
  passengers: number;
  luggage: number;
}

export const emptyStop = (text = ''): StopChoice => ({ text, place: null });

export const emptyJourney = (): Journey => ({
  pickup: emptyStop(),
  dropoff: emptyStop(),
  vias: [],
  byTheHour: false,
  hireMinutes: null,
  asap: false,
  when: null,
  passengers: 1,
  luggage: 0,
});

type Stop = CallInput<'Booking/Create'>['stops'][number];

function stopOf(choice: StopChoice): Stop {
  const p = choice.place;
  if (!p) return { address: choice.text.trim() };
  return {
    address: choice.text.trim() || p.address,
    ...(p.postcode ? { postcode: p.postcode } : {}),
    lat: p.lat,
    lng: p.lng,
    ...(p.knownLocationId ? { knownLocationId: p.knownLocationId } : {}),
  };
}

/** Which step and field a server error names: `stops.0` is the pick-up, the last stop the drop-off. */
export function journeyField(field: string, journey: Journey): keyof JourneyErrors | null {
  const stop = /^stops\.(\d+)/.exec(field);
  if (stop) {
    const n = Number(stop[1]);
    if (n === 0) return 'pickup';
    if (!journey.byTheHour && n === journey.vias.length + 1) return 'dropoff';
    return 'vias';
  }
  if (field === 'pickupAt' || field === 'isAsap') return 'when';
  if (field === 'hireMinutes') return 'hireMinutes';
  if (field === 'passengerCount') return 'passengers';
  if (field === 'luggageCount') return 'luggage';
  if (field === 'stops') return 'pickup';
  return null;
}

export type JourneyErrors = Partial<
  Record<'pickup' | 'dropoff' | 'vias' | 'when' | 'hireMinutes' | 'passengers' | 'luggage', string>
>;

/** The checks the page makes before asking the server, in the visitor's words (keys of the page's words). */
export function checkJourney(journey: Journey, rules: Rules): JourneyErrors {
  const errors: JourneyErrors = {};
  if (!journey.pickup.text.trim()) errors.pickup = 'errors.pickupRequired';
  if (!journey.byTheHour && !journey.dropoff.text.trim()) errors.dropoff = 'errors.dropoffRequired';
  if (journey.byTheHour && !journey.hireMinutes) errors.hireMinutes = 'errors.hoursRequired';
  if (!journey.asap || !rules.allowAsap) {
    if (!journey.when) errors.when = 'errors.whenRequired';
    else if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(journey.when)) {
      errors.when = /^\d{4}-\d{2}-\d{2}$/.test(journey.when) ? 'errors.timeRequired' : 'errors.dayRequired';
    }
  }
  return errors;
}

/** The journey as the pricing list and Create take it. */
export function journeyInput(journey: Journey, rules: Rules) {
  const stops = [
    journey.pickup,
    ...journey.vias.filter((v) => v.text.trim()),
    ...(journey.byTheHour ? [] : [journey.dropoff]),
  ];
  const asap = journey.asap && rules.allowAsap;
  return {
    stops: stops.map(stopOf),
    isAsap: asap,
    ...(asap || !journey.when ? {} : { pickupAt: wallToIso(journey.when, rules.timezone) }),
    ...(journey.byTheHour && journey.hireMinutes ? { hireMinutes: Number(journey.hireMinutes) } : {}),
    passengerCount: journey.passengers,
    luggageCount: journey.luggage,
  };
}

/** An instant on the company's clock, as people read it: "Fri 27 Nov 2026, 16:30". */
export function companyTime(iso: string, timeZone: string, language = 'en'): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
