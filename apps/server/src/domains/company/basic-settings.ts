import type { FileUpload, schemas } from '@cabdesk/contract';
import { eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { journalEntries } from '../ledger/schema';
import { companyLogos } from './logos';
import { companies } from './schema';

type Ctx = CallContext<Session>;
type BasicSettings = schemas.BasicSettings;

/**
 * The form's names over the company row: the settings are the company's own columns (the same ones
 * every domain reads through companyFacts and the look), never a second copy.
 */
const columns = {
  id: companies.id,
  shortName: companies.shortName,
  name: companies.name,
  address: companies.address,
  postcode: companies.postcode,
  baseLat: companies.baseLat,
  baseLng: companies.baseLng,
  timezone: companies.timezone,
  currency: companies.currency,
  isVatRegistered: companies.isVatRegistered,
  vatNumber: companies.vatNumber,
  vatRateBp: companies.vatRateBp,
  dateFormat: companies.dateFormat,
  imageKey: companies.imageKey,
  logoMain: companies.logoMain,
  logoNavBar: companies.logoNavBar,
  updatedAt: companies.updatedAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };
type Changes = Partial<typeof companies.$inferInsert>;

export interface SettingsChange {
  companyName?: string;
  address?: string;
  postcode?: string;
  baseLatitude?: number | null;
  baseLongitude?: number | null;
  timeZone?: string;
  currency?: string;
  isCompanyVatRegistered?: boolean;
  vatRegistrationNumber?: string;
  vatPercentage?: number;
  dateFormat?: BasicSettings['dateFormat'];
  companyImage?: FileUpload;
}

const percentOf = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
const coordinate = (value: string | null) => (value === null ? null : Number(value));

async function readRow(ctx: Ctx): Promise<Row> {
  const [row] = await ctx.db.select(columns).from(companies).where(eq(companies.id, ctx.session.companyId));
  if (!row) throw notFound(`Company ${ctx.session.companyId}`);
  return row;
}

function settingsOf(ctx: Ctx, row: Row): BasicSettings {
  return {
    companyID: row.id ?? ctx.session.companyId,
    companyShortName: row.shortName ?? '',
    companyName: row.name ?? '',
    address: row.address ?? '',
    postcode: row.postcode ?? '',
    baseLatitude: coordinate(row.baseLat),
    baseLongitude: coordinate(row.baseLng),
    timeZone: row.timezone ?? 'Europe/London',
    currency: row.currency ?? 'GBP',
    isCompanyVatRegistered: row.isVatRegistered ?? false,
    vatRegistrationNumber: row.vatNumber ?? '',
    vatRateBp: row.vatRateBp ?? 0,
    vatPercentage: percentOf(row.vatRateBp ?? 0),
    dateFormat: (row.dateFormat ?? 'd-m-Y') as BasicSettings['dateFormat'],
    imageUrl: ctx.services.files.url(row.imageKey),
    mainLogo: companyLogos(ctx.services.files, row, false).mainLogo,
    updatedAt: (row.updatedAt ?? new Date()).toISOString(),
  };
}

export async function readBasicSettings(ctx: Ctx): Promise<BasicSettings> {
  return settingsOf(ctx, await readRow(ctx));
}

function columnChanges(input: SettingsChange): Changes {
  const set: Changes = {};
  if (input.companyName !== undefined) set.name = input.companyName;
  if (input.address !== undefined) set.address = input.address || null;
  if (input.postcode !== undefined) set.postcode = input.postcode || null;
  if (input.baseLatitude !== undefined) set.baseLat = input.baseLatitude?.toFixed(6) ?? null;
  if (input.baseLongitude !== undefined) set.baseLng = input.baseLongitude?.toFixed(6) ?? null;
  if (input.timeZone !== undefined) set.timezone = input.timeZone;
  if (input.currency !== undefined) set.currency = input.currency;
  if (input.isCompanyVatRegistered !== undefined) set.isVatRegistered = input.isCompanyVatRegistered;
  if (input.vatRegistrationNumber !== undefined) set.vatNumber = input.vatRegistrationNumber || null;
  if (input.vatPercentage !== undefined) set.vatRateBp = input.vatPercentage;
  if (input.dateFormat !== undefined) set.dateFormat = input.dateFormat;
  return set;
}

/** Amounts already posted are in the old currency: switching it would relabel them, not convert them. */
async function refuseCurrencyWithMoney(ctx: Ctx, before: Row, currency: string | undefined) {
  if (currency === undefined || currency === before.currency) return;
  const [posted] = await ctx.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.companyId, ctx.session.companyId))
    .limit(1);
  if (posted) {
    throw conflict(`The currency stays ${before.currency}: money has already been booked in it.`, {
      field: 'currency',
    });
  }
}

/**
 * Saves what was sent in the call's one transaction: the columns, then the image (which becomes
 * the sign-in and loader logo). A refusal at any point leaves everything as it was.
 */
export async function saveBasicSettings(ctx: Ctx, input: SettingsChange): Promise<BasicSettings> {
  const { companyId } = ctx.session;
  const [before] = await ctx.db.select(columns).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!before) throw notFound(`Company ${companyId}`);
  await refuseCurrencyWithMoney(ctx, before, input.currency);

  const set = columnChanges(input);
  if (input.companyImage) {
    set.imageKey = await ctx.services.files.save(companyId, 'company', input.companyImage);
    const old = before.imageKey;
    if (old) ctx.afterCommit(() => ctx.services.files.remove(old));
  }
  const changed = Object.entries(set).filter(([key, after]) => String(before[key as keyof Row]) !== String(after));
  if (changed.length) {
    await ctx.db
      .update(companies)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    await recordAudit(ctx, {
      entityType: 'company',
      entityId: companyId,
      action: 'basic settings changed',
      changes: Object.fromEntries(
        changed.map(([key, after]) => [key, { before: before[key as keyof Row] ?? null, after: after ?? null }]),
      ),
    });
  }
  return readBasicSettings(ctx);
}
