import { and, eq, inArray } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { createNewPassenger } from '../bookings/checks';
import { conflictsOf, lockPassengerWrites } from '../passengers/availability';
import { passengers } from '../passengers/schema';

type Ctx = CallContext<Session>;
export interface Details {
  firstName: string;
  surname: string;
  phone: string;
  email: string;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The passenger a visitor's booking is for. An earlier web booking's record is reused when the e-mail
 * or phone and the name all match it and it has no sign-in account; anyone else's record is never
 * touched (a visitor typing another person's e-mail must neither see that person's details on the
 * confirmation nor put a booking in their account), so the visitor gets a record of their own, which
 * the office can merge. The caller learns nothing of which happened.
 */
export async function matchPassenger(ctx: Ctx, details: Details): Promise<number> {
  await lockPassengerWrites(ctx);
  const found = await conflictsOf(ctx, { email: details.email || null, phone: details.phone || null }, null);
  const ids = [...new Set(found.map((c) => c.passengerID))];
  if (ids.length) {
    const rows = await ctx.db
      .select({
        id: passengers.id,
        firstName: passengers.firstName,
        surname: passengers.surname,
        userId: passengers.userId,
      })
      .from(passengers)
      .where(and(eq(passengers.companyId, ctx.session.companyId), inArray(passengers.id, ids)));
    const same = rows.find(
      (r) => r.userId === null && sameName(r.firstName, details.firstName) && sameName(r.surname, details.surname),
    );
    if (same) return same.id;
    // Someone else's e-mail or phone: a record of the visitor's own, kept apart from theirs.
    const [made] = await ctx.db
      .insert(passengers)
      .values({
        companyId: ctx.session.companyId,
        firstName: details.firstName.trim(),
        surname: details.surname.trim(),
        email: details.email.trim() || null,
        phone: details.phone.trim() || null,
      })
      .returning({ id: passengers.id });
    return made?.id as number;
  }
  return createNewPassenger(
    ctx,
    {
      firstName: details.firstName,
      surname: details.surname,
      ...(details.email ? { email: details.email } : {}),
      ...(details.phone ? { phone: details.phone } : {}),
    },
    null,
  );
}

/** A signed-in passenger's own details, for the page to fill in. */
export async function ownDetails(ctx: Ctx): Promise<Details> {
  const [row] = await ctx.db
    .select({
      firstName: passengers.firstName,
      surname: passengers.surname,
      phone: passengers.phone,
      mobile: passengers.mobile,
      email: passengers.email,
    })
    .from(passengers)
    .where(and(eq(passengers.companyId, ctx.session.companyId), eq(passengers.id, ctx.session.personId)));
  if (!row) throw notFound('Your passenger record');
  return {
    firstName: row.firstName,
    surname: row.surname,
    phone: row.phone ?? row.mobile ?? '',
    email: row.email ?? '',
  };
}
