import { z } from 'zod';
import { area, list, mutation, read } from '../define';
import { byId } from '../fields';
import {
  bookingEmailAddress,
  bookingRef,
  clientNotificationSettings,
  clientNotificationsInput,
  outboxListInput,
  outboxMessageRow,
  passengerEmailAddress,
  queuedMessages,
  sendConfirmationEmailInput,
  sendConfirmationSmsInput,
  sendSmsToDriverInput,
} from './schemas';

export const bookingMessages = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBookingEmailAddresses: read({
      input: bookingRef,
      output: z.array(bookingEmailAddress),
      summary: "The booking's e-mail addresses: passenger, booker and client contact, each once.",
    }),
    GetBookingEmailAddressesForChangings: read({
      input: bookingRef,
      output: z.array(bookingEmailAddress),
      summary:
        "The addresses a change of address is e-mailed to: those of GetBookingEmailAddresses when the booking's client chose e-mail for address_change (or the booking has no client).",
    }),
    SendSMSToDriverwithoutBID: mutation({
      verb: 'create',
      input: sendSmsToDriverInput,
      output: queuedMessages,
      summary: "Queues a text message to a driver's mobile (or phone) that belongs to no booking.",
    }),
    GetPassengerEmailAddress: read({
      input: bookingRef,
      output: passengerEmailAddress,
      summary: "The booking passenger's name and e-mail address (null when the booking has none).",
    }),
    SendConfirmationEmail: mutation({
      verb: 'create',
      input: sendConfirmationEmailInput,
      output: queuedMessages,
      summary:
        'Queues the confirmation e-mail to the addresses given, or to the booking’s own (passenger, booker, client contact). The job queue sends it.',
    }),
    SendConfirmationSMS: mutation({
      verb: 'create',
      input: sendConfirmationSmsInput,
      output: queuedMessages,
      summary: "Queues the confirmation text message to the number given, or to the passenger's mobile (or phone).",
    }),
    GetNotificationsForBookingClient: read({
      input: clientNotificationsInput,
      output: clientNotificationSettings,
      summary: 'Which booking events send a text message, an e-mail or a phone call for this client.',
    }),
  },
);

const outboxReason = 'the issue asks for an outbox of e-mails and text messages visible in the UI';

export const outboxCalls = area(
  'Outbox',
  { subject: 'Booking' },
  {
    GetTableSummary: list({
      input: outboxListInput,
      row: outboxMessageRow,
      addedBecause: outboxReason,
      summary:
        'The e-mails and text messages of the company, newest first; filter by status, channel, event or booking; search recipient, subject and text.',
    }),
    Resend: mutation({
      verb: 'update',
      input: byId(),
      output: outboxMessageRow,
      addedBecause: outboxReason,
      summary:
        'Queues a held or failed message again (attempts start over); a queued or sent one answers 409 with its status.',
    }),
  },
);
