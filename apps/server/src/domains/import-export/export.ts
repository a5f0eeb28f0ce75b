import ExcelJS from 'exceljs';
import { findCall, type ListResponse } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { badRequest, fieldError, forbidden } from '../../platform/http/errors';
import { permits } from '../../platform/http/router';

type Ctx = CallContext<Session>;
const PAGE = 100;
export const MAX_EXPORT_ROWS = 10_000;

const skipped = /(Url|Key)$/;
const title = (key: string) =>
  key
    .replace(/Minor$/, '')
    .replace(/ID$/, 'Id')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());

function cell(key: string, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (key.endsWith('Minor') && typeof value === 'number') return value / 100;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'name' in v ? String(v.name) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as ExcelJS.CellValue;
}

/**
 * Runs a list call page by page with the caller's own permission and filters, and writes the rows
 * into an XLSX sheet: a bold frozen header, filters on, money columns in currency units.
 */
export async function exportList(ctx: Ctx, name: string, input: Record<string, unknown>) {
  const call = findCall(name);
  if (!call || call.kind !== 'list') throw fieldError('call', 'must be the name of a list call');
  if (!permits(ctx.ability, call)) throw forbidden();
  const handler = ctx.services.handlers[name as keyof typeof ctx.services.handlers] as
    ((input: unknown, ctx: Ctx) => Promise<ListResponse<Record<string, unknown>>>) | undefined;
  if (!handler) throw badRequest(`${name} is not implemented yet.`);
  const rows: Record<string, unknown>[] = [];
  for (let page = 0; rows.length < MAX_EXPORT_ROWS; page++) {
    const parsed = (call as { input: z.ZodType }).input.safeParse({ ...input, page, perPage: PAGE });
    if (!parsed.success) throw fieldError('input', parsed.error.issues[0]?.message ?? 'is not valid for this list');
    const result = await handler(parsed.data, ctx);
    rows.push(...result.data);
    if (result.data.length < PAGE || page + 1 >= result.total) break;
  }
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !skipped.test(k));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cabdesk';
  const sheet = workbook.addWorksheet(name.split('/')[0] ?? 'Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = keys.map((key) => ({
    header: title(key),
    key,
    width: Math.min(40, Math.max(10, title(key).length + 2)),
    style: key.endsWith('Minor') ? { numFmt: '#,##0.00' } : {},
  }));
  for (const row of rows.slice(0, MAX_EXPORT_ROWS))
    sheet.addRow(Object.fromEntries(keys.map((k) => [k, cell(k, row[k])])));
  sheet.getRow(1).font = { bold: true };
  if (keys.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: keys.length } };
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const stamp = new Date().toISOString().slice(0, 10);
  return {
    fileName: `${name.replace('/', '-')}-${stamp}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: buffer.toString('base64'),
    rows: Math.min(rows.length, MAX_EXPORT_ROWS),
  };
}
