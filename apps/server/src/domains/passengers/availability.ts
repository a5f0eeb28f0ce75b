import { and, ne, or, sql, type SQL } from 'drizzle-orm';
import { schemas, type FieldError } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { digitsOf, mine, passengerName } from './rows';
import { passengers } from './schema';

type Ctx = CallContext<Session>;
type Field = 'email' | 'phone' | 'mobile';

export interface Contacts {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
}

export interface Conflict {
  field: Field;
  passengerID: number;
  name: string;
}

/**
 * The availability rule: a passenger is new unless another passenger of the company has the same
 * e-mail (ignoring case) or the same phone number, compared on digits only, whichever of phone or
 * mobile either of them holds it in. No country-code rules: +44 7700… and 07700… are different.
 */
export async function conflictsOf(ctx: Ctx, contacts: Contacts, exceptId: number | null): Promise<Conflict[]> {
  const email = contacts.email?.trim().toLowerCase() || null;
  const numbers = (['phone', 'mobile'] as const)
    .map((field) => ({ field, digits: schemas.passengerPhoneDigits(contacts[field]) }))
    .filter((n) => n.digits.length >= schemas.PASSENGER_MIN_PHONE_DIGITS);
  if (!email && !numbers.length) return [];

  const phoneDigits = digitsOf(passengers.phone);
  const mobileDigits = digitsOf(passengers.mobile);
  const matches: SQL[] = [];
  if (email) matches.push(sql`lower(${passengers.email}) = ${email}`);
  for (const n of numbers) matches.push(sql`${n.digits} in (${phoneDigits}, ${mobileDigits})`);

  const rows = await ctx.db
    .select({
      id: passengers.id,
      name: passengerName,
      email: sql<string | null>`lower(${passengers.email})`,
      phoneDigits,
      mobileDigits,
    })
    .from(passengers)
    .where(and(mine(ctx), exceptId ? ne(passengers.id, exceptId) : undefined, or(...matches)))
    .orderBy(passengers.id)
    .limit(20);

  const conflicts: Conflict[] = [];
  for (const r of rows) {
    if (email && r.email === email) conflicts.push({ field: 'email', passengerID: r.id, name: r.name });
    for (const n of numbers) {
      if (n.digits === r.phoneDigits || n.digits === r.mobileDigits) {
        conflicts.push({ field: n.field, passengerID: r.id, name: r.name });
      }
    }
  }
  const order: Field[] = ['email', 'phone', 'mobile'];
  return conflicts.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field) || a.passengerID - b.passengerID);
}

const words: Record<Field, string> = { email: 'e-mail address', phone: 'phone number', mobile: 'mobile number' };

/** 409 naming each clashing field and the passenger who has it. */
export function clashError(conflicts: Conflict[]): AppError {
  const errors: FieldError[] = [];
  for (const c of conflicts) {
    if (errors.some((e) => e.field === c.field)) continue;
    errors.push({
      field: c.field,
      message: `is already the ${words[c.field]} of ${c.name} (passenger ${c.passengerID})`,
    });
  }
  const message = errors.map((e) => `${e.field} ${e.message}`).join('; ');
  return new AppError(409, message, errors, { conflicts });
}

/**
 * Passenger writes of one company take turns (a transaction-scoped advisory lock), so two offices
 * adding the same person at the same moment cannot both pass the check.
 */
export async function lockPassengerWrites(ctx: Ctx): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('passenger-availability'), ${ctx.session.companyId})`);
}

export async function refuseClashes(ctx: Ctx, contacts: Contacts, exceptId: number | null): Promise<void> {
  const conflicts = await conflictsOf(ctx, contacts, exceptId);
  if (conflicts.length) throw clashError(conflicts);
}
