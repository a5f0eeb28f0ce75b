import type { schemas } from '@cabdesk/contract';

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

/**
 * The company's default texts. Clients have no texts of their own yet (their settings only choose
 * which events send which channel), so these are the texts every message uses.
 */
export const defaultTexts: Record<Event, Texts> = {
  confirmation: {
    subject: 'Booking {bookingId} confirmed for {pickupAt}',
    email:
      'Dear {passengerName},\n\nyour booking {bookingId} is confirmed.\n\nPick-up: {pickupAt}\nFrom: {pickup}\nTo: {dropoff}\n\nThank you for travelling with {companyName}. Questions: {companyPhone}.',
    sms: '{companyName}: booking {bookingId} confirmed for {pickupAt} from {pickup}.',
  },
  assigned: {
    subject: 'Your driver for booking {bookingId}',
    email:
      'Dear {passengerName},\n\n{driverName} will drive you on {pickupAt} in {vehicle}, from {pickup}.\n\n{companyName}',
    sms: '{companyName}: {driverName} will collect you at {pickupAt} in {vehicle}.',
  },
  on_route: {
    subject: 'Your driver is on the way (booking {bookingId})',
    email: 'Dear {passengerName},\n\n{driverName} is on the way to {pickup} in {vehicle}.\n\n{companyName}',
    sms: '{companyName}: {driverName} is on the way to {pickup} in {vehicle}.',
  },
  address_change: {
    subject: 'Booking {bookingId} changed',
    email:
      'Dear {passengerName},\n\nthe journey of booking {bookingId} has changed.\n\nPick-up: {pickupAt}\nFrom: {pickup}\nTo: {dropoff}\n\n{companyName}. Questions: {companyPhone}.',
    sms: '{companyName}: booking {bookingId} changed: {pickupAt} from {pickup} to {dropoff}.',
  },
  arrival: {
    subject: 'Your driver has arrived (booking {bookingId})',
    email: 'Dear {passengerName},\n\n{driverName} is waiting for you at {pickup} in {vehicle}.\n\n{companyName}',
    sms: '{companyName}: {driverName} is waiting at {pickup} in {vehicle}.',
  },
  completion: {
    subject: 'Thank you for travelling with {companyName}',
    email:
      'Dear {passengerName},\n\nyour journey {bookingId} from {pickup} to {dropoff} is complete. Thank you for travelling with {companyName}.',
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
