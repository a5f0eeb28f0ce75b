import { and, asc, desc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { bookers, bookings, repeatBookings } from '../domains/bookings/schema';
import { clients } from '../domains/clients/schema';
import { outboxMessages } from '../domains/notifications/schema';
import { passengers } from '../domains/passengers/schema';

const bookerNames = ['Claire Dawson', 'Marcus Webb', 'Priya Shah', 'Tom Fletcher', 'Hannah Moore', 'Leo Grant'];

/**
 * Bookers for the first clients, one repeat series made of future bookings, and a page of outbox
 * messages in every state (a demo has no mail server, so most are held).
 */
export async function seedNotificationsDemo(db: Db, companyId: number): Promise<void> {
  const firstClients = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.companyId, companyId))
    .orderBy(asc(clients.id))
    .limit(4);
  const bookerIds: number[] = [];
  for (const [i, name] of bookerNames.entries()) {
    const client = firstClients[i % Math.max(firstClients.length, 1)];
    const [row] = await db
      .insert(bookers)
      .values({
        companyId,
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.test`,
        phone: `+44 7700 9001${String(i).padStart(2, '0')}`,
        clientId: i === bookerNames.length - 1 ? null : (client?.id ?? null),
        isActive: i !== 4,
      })
      .returning({ id: bookers.id });
    if (row) bookerIds.push(row.id);
  }

  const future = await db
    .select({ id: bookings.id, passengerId: bookings.passengerId })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        gt(bookings.pickupAt, new Date()),
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.passengerId),
      ),
    )
    .orderBy(asc(bookings.pickupAt))
    .limit(4);
  const [first, ...rest] = future;
  if (first) {
    const today = new Date();
    const end = new Date(today.getTime() + 56 * 24 * 3600_000);
    const [series] = await db
      .insert(repeatBookings)
      .values({
        companyId,
        sourceBookingId: first.id,
        weekDays: [1, 3, 5],
        startDate: today.toISOString().slice(0, 10),
        endDate: end.toISOString().slice(0, 10),
      })
      .returning({ id: repeatBookings.id });
    for (const b of [first, ...rest]) {
      await db
        .update(bookings)
        .set({ repeatBookingId: series!.id, bookerId: bookerIds[0] ?? null })
        .where(eq(bookings.id, b.id));
    }
  }

  const recent = await db
    .select({ id: bookings.id, email: passengers.email, mobile: passengers.mobile })
    .from(bookings)
    .innerJoin(passengers, and(eq(passengers.companyId, bookings.companyId), eq(passengers.id, bookings.passengerId)))
    .where(and(eq(bookings.companyId, companyId), lt(bookings.pickupAt, new Date())))
    .orderBy(desc(bookings.pickupAt))
    .limit(12);
  const states = ['held', 'held', 'sent', 'held', 'failed', 'held'] as const;
  for (const [i, b] of recent.entries()) {
    const status = states[i % states.length]!;
    const sms = i % 3 === 1;
    const recipient = sms ? b.mobile : b.email;
    if (!recipient) continue;
    await db.insert(outboxMessages).values({
      companyId,
      channel: sms ? 'sms' : 'email',
      recipient,
      subject: sms ? null : `Booking ${b.id} confirmed`,
      body: sms
        ? `Your driver is on the way for booking ${b.id}.`
        : `Dear passenger,\n\nyour booking ${b.id} is confirmed.\n\nThank you for travelling with us.`,
      event: sms ? 'on_route' : 'confirmation',
      bookingId: b.id,
      status,
      attempts: status === 'failed' ? 5 : 1,
      error: status === 'failed' ? '550 Mailbox unavailable' : null,
      sentAt: status === 'sent' ? new Date() : null,
      createdAt: new Date(Date.now() - i * 37 * 60_000),
    });
  }
}
