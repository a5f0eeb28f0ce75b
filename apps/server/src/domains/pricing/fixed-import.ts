import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { minorDigits, multiply, ratio } from '@cabdesk/money';
import { locationKeySchema } from '@cabdesk/fare-engine';
import type { FileUpload, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError } from '../../platform/http/errors';
import { companyFacts } from '../company/facts';
import { outwardOf } from '../flights/outward-codes';
import { normalise } from '../import-export/entities';
import { readSheet } from '../import-export/sheet';
import { vehicleTypes } from '../vehicles/schema';
import { placeChoices } from './fixed-prices';
import { fixedPrices } from './fixed-schema';
import { fixedModelFor, insertFixedRows, writeFixedVersion, type FixedModelRef } from './fixed-store';

type Ctx = CallContext<Session>;
interface ImportInput {
  file: FileUpload;
  pricingModelID: number | null;
  commit: boolean;
}
type ImportRow = z.output<typeof schemas.fixedImportRow>;

/** The most rows one sheet may hold. */
export const MAX_FIXED_IMPORT_ROWS = 5000;

/** The sheet's columns: the header written on export, and the other spellings an import accepts. */
export const fixedColumns = {
  from: { header: 'From', also: ['pickup', 'pick-up', 'from place', 'origin'], required: true },
  to: { header: 'To', also: ['dropoff', 'drop-off', 'to place', 'destination'], required: true },
  vehicleType: { header: 'Vehicle type', also: ['vehicle', 'type'], required: false },
  price: { header: 'Price', also: ['fare', 'amount'], required: true },
  reverse: { header: 'Reverse also matches', also: ['reverse', 'both ways', 'return'], required: false },
} as const;
type Column = keyof typeof fixedColumns;

/** A vehicle type cell that means "every vehicle type". */
const everyType = new Set(['', 'all', 'any', 'every', 'every type', 'all types', 'every vehicle type']);
const truthy = new Set(['yes', 'y', 'true', '1', 'x']);
const falsy = new Set(['no', 'n', 'false', '0', '']);
const district = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const fullPostcode = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/;

interface Lookups {
  /** Place key → label, and label (lower case) → key. */
  labelOf: Map<string, string>;
  keyOf: Map<string, string>;
  typeOf: Map<string, number>;
  typeName: Map<number, string>;
}

async function lookups(ctx: Ctx): Promise<Lookups> {
  const places = await placeChoices(ctx);
  const labelOf = new Map<string, string>();
  const keyOf = new Map<string, string>();
  // Known locations first, then zones: a location and a zone of the same name read as the location
  // (the export writes the key for the zone then).
  for (const kind of ['location', 'zone', 'postcode'] as const) {
    for (const p of places.filter((pl) => pl.kind === kind)) {
      labelOf.set(p.key, p.label);
      if (!keyOf.has(p.label.toLowerCase())) keyOf.set(p.label.toLowerCase(), p.key);
    }
  }
  const types = await ctx.db
    .select({ id: vehicleTypes.id, name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.companyId, ctx.session.companyId));
  return {
    labelOf,
    keyOf,
    typeOf: new Map(types.map((t) => [t.name.trim().toLowerCase(), t.id])),
    typeName: new Map(types.map((t) => [t.id, t.name])),
  };
}

/** A place cell: a key (location:12, postcode:SW1A, zone:3), a known location's or zone's name, or a postcode district. */
function placeKey(cell: string, look: Lookups): string | { error: string } {
  const text = cell.trim();
  if (!text) return { error: 'is empty; name a known location, a zone or a postcode district' };
  if (locationKeySchema.safeParse(text).success) {
    if (text.startsWith('postcode:') || look.labelOf.has(text)) return text;
    return { error: `names no known location or zone of your company (${text})` };
  }
  const byName = look.keyOf.get(text.toLowerCase());
  if (byName) return byName;
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (district.test(compact)) return `postcode:${compact}`;
  // A full postcode names its district (SW1A 1AA → SW1A).
  if (fullPostcode.test(compact)) return `postcode:${outwardOf(compact)}`;
  return { error: `is an unknown location: no known location, zone or postcode district is called "${text}"` };
}

/** A price cell in major units ("45.50", 45.5) → minor units of the company's currency, exactly. */
function priceOf(cell: string, digits: number): number | { error: string } {
  let text = cell.trim().replace(/^[£€$]\s*/, '');
  // A comma only as a thousands separator (1,250.00); "45,50" is refused rather than read as 4550.
  if (text.includes(',')) {
    if (!/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return { error: `must be a price such as 45.50, not "${cell}"` };
    text = text.replace(/,/g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: `must be a price such as 45.50, not "${cell}"` };
  const scale = 10 ** digits;
  const down = multiply(scale, ratio(text), 'down');
  if (down !== multiply(scale, ratio(text), 'up')) {
    return { error: `must have at most ${digits} decimal${digits === 1 ? '' : 's'} (${cell})` };
  }
  if (down > 100_000_000_00) return { error: 'is too large' };
  return down;
}

const keyOfRow = (fromKey: string, toKey: string, vehicleTypeId: number | null) =>
  `${fromKey}>${toKey}>${vehicleTypeId ?? 0}`;

/**
 * FixedPricing/SaveExcelImportFile. A preview (commit false) answers every row's outcome and writes
 * nothing; a commit writes every new and changed row and a new version of the model in the call's
 * one transaction, and refuses the whole file when any row has an error. Rows of the table that the
 * sheet does not name stay as they are.
 */
export async function importFixedPrices(ctx: Ctx, input: ImportInput) {
  const sheet = await readSheet(input.file, MAX_FIXED_IMPORT_ROWS);
  const byHeader = new Map(sheet.headers.map((h) => [normalise(h), h]));
  const headerOf = {} as Record<Column, string | undefined>;
  for (const [column, def] of Object.entries(fixedColumns) as [Column, (typeof fixedColumns)[Column]][]) {
    const found = [def.header, ...def.also].map((n) => byHeader.get(normalise(n))).find(Boolean);
    if (!found && def.required) {
      throw fieldError(
        def.header,
        `is a column the sheet must have (its columns: ${Object.values(fixedColumns)
          .map((c) => c.header)
          .join(', ')})`,
      );
    }
    headerOf[column] = found;
  }

  const model = await fixedModelFor(ctx, input.pricingModelID, { make: input.commit, lock: input.commit });
  const existing = new Map<string, { id: number; priceMinor: number; reverseAlsoMatches: boolean }>();
  if (model) {
    const rows = await ctx.db
      .select({
        id: fixedPrices.id,
        fromKey: fixedPrices.fromKey,
        toKey: fixedPrices.toKey,
        vehicleTypeId: fixedPrices.vehicleTypeId,
        priceMinor: fixedPrices.priceMinor,
        reverseAlsoMatches: fixedPrices.reverseAlsoMatches,
      })
      .from(fixedPrices)
      .where(and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.modelId, model.id)));
    for (const r of rows) existing.set(keyOfRow(r.fromKey, r.toKey, r.vehicleTypeId), r);
  }
  const look = await lookups(ctx);
  const digits = minorDigits((await companyFacts(ctx)).currency);
  const seen = new Map<string, number>();
  const results: ImportRow[] = [];
  const cell = (values: Record<string, string>, column: Column) => {
    const header = headerOf[column];
    return header ? (values[header] ?? '').trim() : '';
  };

  for (const { rowNumber, values } of sheet.rows) {
    const errors: { field: string; message: string }[] = [];
    const from = placeKey(cell(values, 'from'), look);
    const to = placeKey(cell(values, 'to'), look);
    if (typeof from !== 'string') errors.push({ field: fixedColumns.from.header, message: from.error });
    if (typeof to !== 'string') errors.push({ field: fixedColumns.to.header, message: to.error });
    if (typeof from === 'string' && from === to)
      errors.push({ field: fixedColumns.to.header, message: 'is the same place as From' });
    const typeText = cell(values, 'vehicleType');
    let vehicleTypeId: number | null = null;
    if (!everyType.has(typeText.toLowerCase())) {
      const id = look.typeOf.get(typeText.toLowerCase());
      if (id === undefined)
        errors.push({
          field: fixedColumns.vehicleType.header,
          message: `is not a vehicle type of your company ("${typeText}")`,
        });
      else vehicleTypeId = id;
    }
    const price = priceOf(cell(values, 'price'), digits);
    if (typeof price !== 'number') errors.push({ field: fixedColumns.price.header, message: price.error });
    const reverseText = cell(values, 'reverse').toLowerCase();
    const reverse = truthy.has(reverseText) ? true : falsy.has(reverseText) ? false : null;
    if (reverse === null) errors.push({ field: fixedColumns.reverse.header, message: 'must be yes or no' });

    let outcome: ImportRow['outcome'] = 'error';
    let oldPriceMinor: number | null = null;
    if (
      typeof from === 'string' &&
      typeof to === 'string' &&
      !errors.some((e) => e.field === fixedColumns.vehicleType.header)
    ) {
      const key = keyOfRow(from, to, vehicleTypeId);
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({
          field: fixedColumns.to.header,
          message: `repeats row ${first} (same from, to and vehicle type)`,
        });
      } else {
        seen.set(key, rowNumber);
      }
      const before = existing.get(key);
      if (before) oldPriceMinor = before.priceMinor;
      if (!errors.length) {
        outcome = !before
          ? 'new'
          : before.priceMinor === price && before.reverseAlsoMatches === reverse
            ? 'unchanged'
            : 'changed';
      }
    }
    results.push({
      rowNumber,
      outcome,
      from: cell(values, 'from'),
      to: cell(values, 'to'),
      vehicleType: typeText,
      fromKey: typeof from === 'string' ? from : null,
      toKey: typeof to === 'string' ? to : null,
      vehicleTypeID: vehicleTypeId,
      priceMinor: typeof price === 'number' ? price : null,
      oldPriceMinor,
      reverseAlsoMatches: reverse,
      errors,
    });
  }

  const counts = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const r of results) counts[r.outcome] += 1;
  if (!input.commit) {
    return { committed: false, pricingModelID: model?.id ?? 0, version: null, counts, rows: results };
  }
  if (counts.error) {
    const bad = results.filter((r) => r.outcome === 'error');
    const errors = bad.flatMap((r) =>
      r.errors.map((e) => ({ field: `row ${r.rowNumber}: ${e.field}`, message: e.message })),
    );
    throw new AppError(
      400,
      `${bad.length} of ${results.length} rows cannot be imported; nothing was written. First: row ${bad[0]?.rowNumber}, ${bad[0]?.errors[0]?.field} ${bad[0]?.errors[0]?.message}.`,
      errors.slice(0, 100),
    );
  }
  const target = model as FixedModelRef;
  const changed = results.filter((r) => r.outcome === 'changed');
  if (changed.length) {
    const updates = changed.map((r) => ({
      id: existing.get(keyOfRow(r.fromKey as string, r.toKey as string, r.vehicleTypeID))?.id,
      price: r.priceMinor,
      reverse: r.reverseAlsoMatches,
    }));
    await ctx.db.execute(sql`
      update ${fixedPrices} f
         set price_minor = v.price, reverse_also_matches = v.reverse, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id int, price bigint, reverse boolean)
       where f.company_id = ${ctx.session.companyId} and f.id = v.id`);
  }
  await insertFixedRows(
    ctx,
    target.id,
    results
      .filter((r) => r.outcome === 'new')
      .map((r) => ({
        fromKey: r.fromKey as string,
        toKey: r.toKey as string,
        vehicleTypeId: r.vehicleTypeID,
        priceMinor: r.priceMinor as number,
        reverseAlsoMatches: r.reverseAlsoMatches as boolean,
      })),
  );
  const version = counts.new || counts.changed ? await writeFixedVersion(ctx, target) : null;
  return { committed: true, pricingModelID: target.id, version, counts, rows: results };
}

/** A minor amount as the sheet's price: major units, exactly (1234 → 12.34). */
function priceText(minor: number, digits: number): number {
  return Number(
    digits
      ? `${Math.trunc(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, '0')}`
      : String(minor),
  );
}

/** FixedPricing/Export: the rows in the layout the import reads. */
export async function exportFixedPrices(ctx: Ctx, input: z.output<typeof schemas.fixedExportInput>) {
  const model = await fixedModelFor(ctx, input.pricingModelID);
  const look = await lookups(ctx);
  const digits = minorDigits((await companyFacts(ctx)).currency);
  const vt = input.vehicleTypeID;
  const rows = model
    ? await ctx.db
        .select({
          fromKey: fixedPrices.fromKey,
          toKey: fixedPrices.toKey,
          vehicleTypeId: fixedPrices.vehicleTypeId,
          priceMinor: fixedPrices.priceMinor,
          reverseAlsoMatches: fixedPrices.reverseAlsoMatches,
        })
        .from(fixedPrices)
        .where(
          and(
            eq(fixedPrices.companyId, ctx.session.companyId),
            eq(fixedPrices.modelId, model.id),
            vt === -1 ? sql`${fixedPrices.vehicleTypeId} is null` : vt ? eq(fixedPrices.vehicleTypeId, vt) : undefined,
          ),
        )
        .orderBy(asc(fixedPrices.id))
    : [];
  // A label reads back as the same place only when no other place of another kind has it.
  const place = (key: string) => {
    const label = look.labelOf.get(key);
    if (!label) return key;
    return look.keyOf.get(label.toLowerCase()) === key ? label : key;
  };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cabdesk';
  const sheet = workbook.addWorksheet('Fixed prices', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: fixedColumns.from.header, key: 'from', width: 32 },
    { header: fixedColumns.to.header, key: 'to', width: 32 },
    { header: fixedColumns.vehicleType.header, key: 'vehicleType', width: 20 },
    {
      header: fixedColumns.price.header,
      key: 'price',
      width: 12,
      style: { numFmt: digits ? `0.${'0'.repeat(digits)}` : '0' },
    },
    { header: fixedColumns.reverse.header, key: 'reverse', width: 22 },
  ];
  for (const r of rows) {
    sheet.addRow({
      from: place(r.fromKey),
      to: place(r.toKey),
      vehicleType: r.vehicleTypeId ? (look.typeName.get(r.vehicleTypeId) ?? '') : 'All',
      price: priceText(r.priceMinor, digits),
      reverse: r.reverseAlsoMatches ? 'Yes' : 'No',
    });
  }
  sheet.getRow(1).font = { bold: true };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    fileName: `fixed-prices-${new Date().toISOString().slice(0, 10)}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: buffer.toString('base64'),
    rows: rows.length,
  };
}
