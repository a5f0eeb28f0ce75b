import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from '../domains/auth/schema';
import { bookings } from '../domains/bookings/schema';
import { chatMessages } from '../domains/chat/schema';
import { drivers } from '../domains/drivers/schema';
import { incidents } from '../domains/incidents/schema';
import { lostItems } from '../domains/lost-found/schema';

const minutes = (n: number) => n * 60_000;

const conversations: { fromDriver: boolean; body: string; agoMin: number }[][] = [
  [
    { fromDriver: false, body: 'Hi, can you take the 14:30 Heathrow pick-up?', agoMin: 95 },
    { fromDriver: true, body: 'Yes, on my way after this drop.', agoMin: 92 },
    { fromDriver: false, body: 'Thanks! Passenger is in arrivals, terminal 5.', agoMin: 90 },
    { fromDriver: true, body: 'Traffic on the M4, about 10 minutes late.', agoMin: 6 },
  ],
  [
    { fromDriver: true, body: 'Passenger left a phone on the back seat.', agoMin: 240 },
    { fromDriver: false, body: 'Bring it to the office at the end of your shift please.', agoMin: 235 },
    { fromDriver: true, body: 'Will do.', agoMin: 233 },
  ],
  [
    { fromDriver: false, body: 'Please switch on when you start your shift.', agoMin: 60 * 20 },
    { fromDriver: true, body: 'Starting at 6, thanks.', agoMin: 12 },
  ],
];

const incidentSamples = [
  {
    category: 'late_arrival',
    description: 'Driver arrived 25 minutes late; passenger missed the train.',
    action: 'Refunded half the fare and spoke to the driver.',
  },
  { category: 'complaint', description: 'Passenger complained the car smelled of smoke.', action: null },
  {
    category: 'vehicle_damage',
    description: 'Scratch on the rear door found after the job.',
    action: 'Photos taken; insurer informed.',
  },
  { category: 'route', description: 'Passenger says the driver took a long way round.', action: null },
  {
    category: 'passenger_conduct',
    description: 'Passenger was abusive on the phone to the office.',
    action: 'Account flagged; warning e-mail sent.',
  },
  { category: 'safety', description: 'Rear seat belt would not latch.', action: null },
] as const;

const lostSamples = [
  { category: 'phone', description: 'Black iPhone in a red case', notes: 'Found under the back seat' },
  { category: 'umbrella', description: 'Large green golf umbrella', notes: null },
  { category: 'bag', description: 'Brown leather laptop bag', notes: 'Name tag: J. Patel' },
  { category: 'keys', description: 'House keys on a blue lanyard', notes: null },
  { category: 'clothing', description: "Child's red raincoat", notes: null },
] as const;

/**
 * Chats with a few drivers (some unread), a broadcast, incidents (open and closed) and lost items
 * on the company's latest completed bookings. Needs the register and the booking history.
 */
export async function seedChatIncidentsLostFound(db: Db, companyId: number, now = new Date()): Promise<void> {
  const [office] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.kind, ['admin', 'staff'])))
    .orderBy(asc(users.id))
    .limit(1);
  const team = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.isActive, true)))
    .orderBy(asc(drivers.id));
  if (!office || !team.length) return;
  const at = (agoMin: number) => new Date(now.getTime() - minutes(agoMin));

  await db.insert(chatMessages).values(
    team.map((d) => ({
      companyId,
      driverId: d.id,
      fromDriver: false,
      staffUserId: office.id,
      body: 'Reminder: airport pick-ups wait in the short-stay car park from Monday.',
      isBroadcast: true,
      createdAt: at(60 * 26),
      readAt: at(60 * 25),
    })),
  );
  for (const [i, lines] of conversations.entries()) {
    const driver = team[i];
    if (!driver) break;
    await db.insert(chatMessages).values(
      lines.map((m, n) => ({
        companyId,
        driverId: driver.id,
        fromDriver: m.fromDriver,
        staffUserId: m.fromDriver ? null : office.id,
        body: m.body,
        createdAt: at(m.agoMin),
        // The newest driver message of each chat stays unread for the office.
        readAt: m.fromDriver && n === lines.length - 1 ? null : at(m.agoMin - 1),
      })),
    );
  }

  const done = await db
    .select({
      id: bookings.id,
      driverId: bookings.driverId,
      passengerId: bookings.passengerId,
      pickupAt: bookings.pickupAt,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.status, 'completed'), isNotNull(bookings.driverId)))
    .orderBy(desc(bookings.pickupAt))
    .limit(incidentSamples.length + lostSamples.length);
  for (const [i, s] of incidentSamples.entries()) {
    const b = done[i];
    if (!b) break;
    const createdAt = new Date(b.pickupAt.getTime() + minutes(90));
    await db.insert(incidents).values({
      companyId,
      category: s.category,
      description: s.description,
      bookingId: b.id,
      driverId: b.driverId,
      passengerId: b.passengerId,
      isOpen: s.action === null,
      closedBy: s.action ? office.id : null,
      closedAt: s.action ? new Date(createdAt.getTime() + minutes(60 * 5)) : null,
      actionTaken: s.action,
      createdBy: office.id,
      createdAt,
    });
  }
  for (const [i, s] of lostSamples.entries()) {
    const b = done[incidentSamples.length + i] ?? done[i];
    if (!b) break;
    await db.insert(lostItems).values({
      companyId,
      bookingId: b.id,
      category: s.category,
      description: s.description,
      notes: s.notes,
      foundAt: new Date(b.pickupAt.getTime() + minutes(45)),
      createdBy: office.id,
    });
  }
}
