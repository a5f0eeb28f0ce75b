import { z } from 'zod';
import { email, id, listInput, optionalRef, phone, requiredText, text } from '../fields';

/** The booking events that send messages (the client's message settings use the same codes). */
export const bookingMessageEvents = [
  'confirmation',
  'assigned',
  'on_route',
  'address_change',
  'arrival',
  'completion',
] as const;
export type BookingMessageEvent = (typeof bookingMessageEvents)[number];

/** Why an outbox message exists: a booking event, or a message the office wrote to a driver. */
export const outboxEvents = [...bookingMessageEvents, 'driver_message'] as const;

export const outboxChannels = ['email', 'sms'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/**
 * queued: waiting for the job queue; sent: handed to the mail server or SMS provider; failed: every
 * attempt failed; held: no mail server or SMS provider is configured, so it waits here to be read.
 */
export const outboxStatuses = ['queued', 'sent', 'failed', 'held'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Who an address belongs to. */
export const recipientKinds = ['passenger', 'booker', 'client'] as const;

export const bookingEmailAddress = z.object({
  kind: z.enum(recipientKinds),
  name: z.string().nullable(),
  email: z.string(),
});

export const bookingRef = z.object({ id: id() });

export const passengerEmailAddress = z.object({
  bookingId: z.number(),
  passengerId: z.number().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

export const outboxMessageRow = z.object({
  id: z.number(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  event: z.string(),
  bookingId: z.number().nullable(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** What a send call queued. */
export const queuedMessages = z.object({
  queued: z.number(),
  messages: z.array(outboxMessageRow),
});

export const sendConfirmationEmailInput = z.object({
  id: id(),
  /** Left out: the passenger, the booker and the client contact, as the booking has them. */
  emails: z.array(email(), { error: 'must be a list of e-mail addresses' }).max(10, 'may hold at most 10').optional(),
});

export const sendConfirmationSmsInput = z.object({
  id: id(),
  /** Left out: the passenger's mobile (or phone). */
  phoneNo: phone().optional(),
});

export const sendSmsToDriverInput = z.object({
  driverId: id(),
  message: requiredText(600),
});

export const clientNotificationsInput = z.object({ clientId: id() });

export const clientNotificationSettings = z.object({
  clientId: z.number(),
  clientName: z.string(),
  sms: z.array(z.string()),
  email: z.array(z.string()),
  phoneCall: z.array(z.string()),
  /** Who receives the messages: the passenger always; the booker and the client contact by e-mail. */
  clientEmail: z.string().nullable(),
});

const sortable = ['createdAt', 'status', 'channel', 'recipient', 'attempts', 'event'] as const;

export const outboxListInput = listInput({
  sortColumn: z.enum(sortable, { error: `must be one of: ${sortable.join(', ')}` }).optional(),
  status: z.enum(outboxStatuses, { error: `must be one of: ${outboxStatuses.join(', ')}` }).optional(),
  channel: z.enum(outboxChannels, { error: `must be one of: ${outboxChannels.join(', ')}` }).optional(),
  bookingId: optionalRef(),
  event: text(40).optional(),
});
