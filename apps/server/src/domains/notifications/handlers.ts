import { and, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { bookingContacts } from './booking-facts';
import { emailAddressesOf, emailMessage, sendsChannel, smsMessage } from './booking-messages';
import { listOutbox } from './outbox-list';
import { enqueueOutbox, queueOutbox, toOutboxRow } from './outbox';
import { outboxMessages } from './schema';

const queued = (messages: Awaited<ReturnType<typeof queueOutbox>>, what: string) => ({
  data: { queued: messages.length, messages },
  message: `${messages.length === 1 ? `1 ${what} queued` : `${messages.length} ${what}s queued`}.`,
});

export const notificationsHandlers = handlers({
  'Booking/GetBookingEmailAddresses': async (input, ctx) =>
    emailAddressesOf(await bookingContacts(ctx.db, ctx.session.companyId, input.id)),

  'Booking/GetBookingEmailAddressesForChangings': async (input, ctx) => {
    const contacts = await bookingContacts(ctx.db, ctx.session.companyId, input.id);
    return sendsChannel(contacts, 'email', 'address_change') ? emailAddressesOf(contacts, 'address_change') : [];
  },

  'Booking/GetPassengerEmailAddress': async (input, ctx) => {
    const { passenger } = await bookingContacts(ctx.db, ctx.session.companyId, input.id);
    return {
      bookingId: input.id,
      passengerId: passenger?.id ?? null,
      name: passenger?.name ?? null,
      email: passenger?.email ?? null,
    };
  },

  'Booking/SendConfirmationEmail': async (input, ctx) => {
    const contacts = await bookingContacts(ctx.db, ctx.session.companyId, input.id);
    const to = input.emails?.length
      ? [...new Set(input.emails)]
      : emailAddressesOf(contacts, 'confirmation').map((a) => a.email);
    if (to.length === 0) throw fieldError('emails', 'are needed: the booking has no e-mail address');
    const messages = await queueOutbox(
      ctx,
      to.map((email) => emailMessage(contacts, 'confirmation', email)),
    );
    return queued(messages, 'e-mail');
  },

  'Booking/SendConfirmationSMS': async (input, ctx) => {
    const contacts = await bookingContacts(ctx.db, ctx.session.companyId, input.id);
    const to = input.phoneNo ?? contacts.passenger?.mobile;
    if (!to) throw fieldError('phoneNo', 'is needed: the passenger has no mobile or phone number');
    return queued(await queueOutbox(ctx, [smsMessage(contacts, 'confirmation', to)]), 'text message');
  },

  'Booking/SendSMSToDriverwithoutBID': async (input, ctx) => {
    const [driver] = await ctx.db
      .select({ mobile: drivers.mobile, phone: drivers.phone })
      .from(drivers)
      .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, input.driverId)));
    if (!driver) throw notFound(`Driver ${input.driverId}`);
    const to = driver.mobile ?? driver.phone;
    if (!to) throw fieldError('driverId', 'names a driver without a mobile or phone number');
    const messages = await queueOutbox(ctx, [
      { channel: 'sms', recipient: to, body: input.message, event: 'driver_message' },
    ]);
    return queued(messages, 'text message');
  },

  'Booking/GetNotificationsForBookingClient': async (input, ctx) => {
    const [client] = await ctx.db
      .select({ id: clients.id, name: clients.name, email: clients.email, notifications: clients.notifications })
      .from(clients)
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, input.clientId)));
    if (!client) throw notFound(`Client ${input.clientId}`);
    return {
      clientId: client.id,
      clientName: client.name,
      sms: client.notifications?.sms ?? [],
      email: client.notifications?.email ?? [],
      phoneCall: client.notifications?.phoneCall ?? [],
      clientEmail: client.email,
    };
  },

  'Outbox/GetTableSummary': (input, ctx) => listOutbox(ctx, input),

  'Outbox/Resend': async (input, ctx) => {
    const where = and(eq(outboxMessages.companyId, ctx.session.companyId), eq(outboxMessages.id, input.id));
    const [message] = await ctx.db.select().from(outboxMessages).where(where).for('update');
    if (!message) throw notFound(`Message ${input.id}`);
    if (message.status === 'queued' || message.status === 'sent') {
      throw conflict(
        message.status === 'sent'
          ? `Message ${input.id} was sent already.`
          : `Message ${input.id} is already waiting to be sent.`,
        { currentStatus: message.status },
      );
    }
    const [after] = await ctx.db
      .update(outboxMessages)
      .set({ status: 'queued', attempts: 0, error: null, sentAt: null })
      .where(where)
      .returning();
    if (!after) throw notFound(`Message ${input.id}`);
    ctx.afterCommit(() => enqueueOutbox(ctx.services, [after.id]));
    return { data: toOutboxRow(after), message: 'Message queued again.' };
  },
});
