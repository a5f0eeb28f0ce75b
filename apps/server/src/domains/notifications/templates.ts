import { schemas } from '@cabdesk/contract';

type Event = schemas.BookingMessageEvent;

/** The facts a booking message can mention; each is a {placeholder} in the texts. */
export interface MessageFacts {
  bookingId: number;
  pickupAt: string;
  pickup: string;
  dropoff: string;
  passengerName: string;
  driverName: string;
  driverPhone: string;
  vehicle: string;
  companyName: string;
  companyPhone: string;
}

interface Texts {
  subject: string;
  email: string;
  sms: string;
}

/** A booking e-mail's default subject and text: the e-mail settings' defaults (contract email-templates.ts). */
const mailOf = (event: Event) => ({
  subject: schemas.defaultTemplates[event].subject,
  email: schemas.defaultTemplates[event].body,
});

/**
 * The company's default texts. Clients have no texts of their own yet (their settings only choose
 * which events send which channel), so these are the texts every message uses.
 */
export const defaultTexts: Record<Event, Texts> = {
  confirmation: {
    ...mailOf('confirmation'),
    sms: '{companyName}: booking {bookingId} confirmed for {pickupAt} from {pickup}.',
  },
  assigned: {
    ...mailOf('assigned'),
    sms: '{companyName}: {driverName} will collect you at {pickupAt} in {vehicle}.',
  },
  on_route: {
    ...mailOf('on_route'),
    sms: '{companyName}: {driverName} is on the way to {pickup} in {vehicle}.',
  },
  address_change: {
    ...mailOf('address_change'),
    sms: '{companyName}: booking {bookingId} changed: {pickupAt} from {pickup} to {dropoff}.',
  },
  arrival: {
    ...mailOf('arrival'),
    sms: '{companyName}: {driverName} is waiting at {pickup} in {vehicle}.',
  },
  completion: {
    ...mailOf('completion'),
    sms: '{companyName}: journey {bookingId} complete. Thank you.',
  },
};

/** Fills {placeholders}; an unknown one stays as written so that a typo in a text shows. */
export function render(text: string, facts: MessageFacts): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in facts ? String(facts[key as keyof MessageFacts]) : whole,
  );
}

/** A pick-up time as the company reads it: its own time zone and locale. */
export function formatPickup(at: Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
