import { and, eq } from 'drizzle-orm';
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

/**
 * The company's passenger with this e-mail, else this phone (digits compared), else a new one.
 * The caller learns nothing of which: the record found is not changed and nothing is answered about it.
 */
export async function matchPassenger(ctx: Ctx, details: Details): Promise<number> {
  await lockPassengerWrites(ctx);
  const found = await conflictsOf(ctx, { email: details.email || null, phone: details.phone || null }, null);
  const byEmail = found.find((c) => c.field === 'email') ?? found[0];
  if (byEmail) return byEmail.passengerID;
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
