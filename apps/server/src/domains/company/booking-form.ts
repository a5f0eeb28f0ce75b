import { eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { handlers, type CallContext } from '../../platform/http/context';
import { diff, recordAudit } from '../audit/record';
import { bookingFormSettings } from './schema';

type BookingFormFieldName = schemas.BookingFormFieldName;
type BookingFormSettings = schemas.BookingFormSettings;
const { bookingFormFieldNames, defaultBookingFormSettings } = schemas;

type Stored = Partial<Omit<BookingFormSettings, 'updatedAt' | 'fields'>> & {
  fields?: Partial<Record<BookingFormFieldName, { show: boolean; required: boolean }>>;
};

/** The stored settings over the defaults: a field added later starts shown and optional. */
function merged(stored: Stored | undefined, updatedAt: Date | null): BookingFormSettings {
  const d = defaultBookingFormSettings;
  const fields = Object.fromEntries(
    bookingFormFieldNames.map((f) => [f, { ...d.fields[f], ...stored?.fields?.[f] }]),
  ) as BookingFormSettings['fields'];
  return {
    fields,
    allowAsap: stored?.allowAsap ?? d.allowAsap,
    allowBackEntry: stored?.allowBackEntry ?? d.allowBackEntry,
    minLeadMinutes: stored?.minLeadMinutes ?? d.minLeadMinutes,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** A company's booking-form settings (the booking calls may check their rules with it). */
export async function bookingFormSettingsOf(db: Db, companyId: number): Promise<BookingFormSettings> {
  const [row] = await db.select().from(bookingFormSettings).where(eq(bookingFormSettings.companyId, companyId));
  return merged(row?.settings as Stored | undefined, row?.updatedAt ?? null);
}

async function updateSettings(ctx: CallContext<Session>, input: UpdateInput) {
  const companyId = ctx.session.companyId;
  const [locked] = await ctx.db
    .select()
    .from(bookingFormSettings)
    .where(eq(bookingFormSettings.companyId, companyId))
    .for('update');
  const before = merged(locked?.settings as Stored | undefined, locked?.updatedAt ?? null);
  const { updatedAt: _ignored, ...beforeValues } = before;
  const next: Omit<BookingFormSettings, 'updatedAt'> = {
    fields: { ...before.fields, ...stripUndefined(input.fields ?? {}) },
    allowAsap: input.allowAsap ?? before.allowAsap,
    allowBackEntry: input.allowBackEntry ?? before.allowBackEntry,
    minLeadMinutes: input.minLeadMinutes ?? before.minLeadMinutes,
  };
  const now = new Date();
  await ctx.db
    .insert(bookingFormSettings)
    .values({ companyId, settings: next, updatedAt: now, updatedBy: ctx.session.userId })
    .onConflictDoUpdate({
      target: bookingFormSettings.companyId,
      set: { settings: next, updatedAt: now, updatedBy: ctx.session.userId },
    });
  const changes = diff(beforeValues as Record<string, unknown>, next);
  if (Object.keys(changes).length > 0) {
    await recordAudit(ctx, { entityType: 'booking_form_settings', entityId: companyId, action: 'updated', changes });
  }
  return { data: { ...next, updatedAt: now.toISOString() }, message: 'Booking form settings saved.' };
}

type UpdateInput = {
  fields?: Partial<Record<BookingFormFieldName, { show: boolean; required: boolean } | undefined>>;
  allowAsap?: boolean | undefined;
  allowBackEntry?: boolean | undefined;
  minLeadMinutes?: number | undefined;
};

function stripUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}

export const bookingFormHandlers = handlers({
  'BookingFormSetting/GetBookingFormSetting': (_input, ctx) => bookingFormSettingsOf(ctx.db, ctx.session.companyId),
  'BookingFormSetting/Update': (input, ctx) => updateSettings(ctx, input),
});
