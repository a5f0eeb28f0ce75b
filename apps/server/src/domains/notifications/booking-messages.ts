import type { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { type BookingContacts, bookingContacts } from './booking-facts';
import { type NewMessage, type OutboxRow, queueOutbox } from './outbox';
import { defaultTexts, render } from './templates';

/** The booking events a passenger or client can be told of (the client's message settings name them). */
export type BookingMessageEvent = schemas.BookingMessageEvent;

type Channel = 'email' | 'sms';

/** What a booking without a client's own choices sends. */
export const companyDefaultEvents: Record<Channel, readonly BookingMessageEvent[]> = {
  email: ['confirmation', 'address_change'],
  sms: ['assigned', 'arrival'],
};

/** Events the booker and the client contact hear of too; the journey's steps go to the passenger only. */
const officeEvents: readonly BookingMessageEvent[] = ['confirmation', 'address_change'];

/** Whether an event sends a channel: the client's choices where it has them, else the company default. */
export function sendsChannel(contacts: BookingContacts, channel: Channel, event: BookingMessageEvent): boolean {
  const chosen = contacts.client?.notifications?.[channel];
  return (chosen ?? companyDefaultEvents[channel]).includes(event);
}

export interface EmailAddress {
  kind: 'passenger' | 'booker' | 'client';
  name: string | null;
  email: string;
}

/** The booking's e-mail addresses, each once: passenger, booker, client contact. */
export function emailAddressesOf(contacts: BookingContacts, event?: BookingMessageEvent): EmailAddress[] {
  const all: (EmailAddress | null)[] = [
    contacts.passenger?.email
      ? { kind: 'passenger', name: contacts.passenger.name, email: contacts.passenger.email }
      : null,
    contacts.booker?.email ? { kind: 'booker', name: contacts.booker.name, email: contacts.booker.email } : null,
    contacts.client?.email ? { kind: 'client', name: contacts.client.name, email: contacts.client.email } : null,
  ];
  const seen = new Set<string>();
  return all.filter((a): a is EmailAddress => {
    if (!a || seen.has(a.email.toLowerCase())) return false;
    if (event && a.kind !== 'passenger' && !officeEvents.includes(event)) return false;
    seen.add(a.email.toLowerCase());
    return true;
  });
}

const factsText = (facts: BookingContacts['facts']) =>
  Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, String(v)]));

export function emailMessage(contacts: BookingContacts, event: BookingMessageEvent, to: string): NewMessage {
  const texts = defaultTexts[event];
  return {
    channel: 'email',
    recipient: to,
    subject: render(texts.subject, contacts.facts),
    body: render(texts.email, contacts.facts),
    event,
    bookingId: contacts.bookingId,
    facts: factsText(contacts.facts),
  };
}

export function smsMessage(contacts: BookingContacts, event: BookingMessageEvent, to: string): NewMessage {
  return {
    channel: 'sms',
    recipient: to,
    body: render(defaultTexts[event].sms, contacts.facts),
    event,
    bookingId: contacts.bookingId,
  };
}

/** The messages an event calls for, by the client's choices (or the company default). */
export function messagesFor(contacts: BookingContacts, event: BookingMessageEvent): NewMessage[] {
  const messages: NewMessage[] = [];
  if (sendsChannel(contacts, 'email', event)) {
    for (const a of emailAddressesOf(contacts, event)) messages.push(emailMessage(contacts, event, a.email));
  }
  const mobile = contacts.passenger?.mobile;
  if (mobile && sendsChannel(contacts, 'sms', event)) messages.push(smsMessage(contacts, event, mobile));
  return messages;
}

/**
 * Queues the e-mails and text messages a booking event calls for (the client's choices, the
 * company's texts), in the caller's transaction; the job queue sends them after the commit.
 */
export async function queueBookingMessages(
  ctx: CallContext<Session>,
  bookingId: number,
  event: BookingMessageEvent,
): Promise<OutboxRow[]> {
  const contacts = await bookingContacts(ctx.db, ctx.session.companyId, bookingId);
  return queueOutbox(ctx, messagesFor(contacts, event));
}
