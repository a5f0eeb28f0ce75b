import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { companies } from '../src/domains/company/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers } from '../src/domains/drivers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import type { CallInput, ResponseOf } from '@cabdesk/contract';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { createUser, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;
let driverId: number;
let secondDriverId: number;
let vehicleId: number;
let foreignDriverId: number;
const typeIds: Record<string, number> = {};
/** The id of one of the company's own document types (a new company starts with a set of them). */
const typeId = (name: string): number => {
  const id = typeIds[name];
  if (id === undefined) throw new Error(`no document type ${name}`);
  return id;
};

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d6b5a10000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A date this many days from today in London (the test companies' zone). */
function inDays(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const stored = (key: string) => path.join(w.config.dataDir, 'files', key);
async function fileKeyOf(id: number): Promise<string | null> {
  const [row] = await w.db.select({ key: documents.fileKey }).from(documents).where(eq(documents.id, id));
  return row?.key ?? null;
}

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
  const made = await w.db
    .insert(drivers)
    .values([
      { companyId: w.company.id, firstName: 'James', lastName: 'Walker' },
      { companyId: w.company.id, firstName: 'Amira', lastName: 'Khan' },
      { companyId: w.other.company.id, firstName: 'Foreign', lastName: 'Driver' },
    ])
    .returning({ id: drivers.id });
  [driverId, secondDriverId, foreignDriverId] = made.map((r) => r.id) as [number, number, number];
  const [type] = await w.db
    .insert(vehicleTypes)
    .values({ companyId: w.company.id, name: 'Saloon' })
    .returning({ id: vehicleTypes.id });
  const [car] = await w.db
    .insert(vehicles)
    .values({ companyId: w.company.id, vehicleTypeId: type?.id ?? 0, registration: 'AB12 CDE' })
    .returning({ id: vehicles.id });
  vehicleId = car?.id ?? 0;
  for (const row of await w.db.select().from(documentTypes).where(eq(documentTypes.companyId, w.company.id))) {
    typeIds[row.name] = row.id;
  }
});

describe('document types look-up', () => {
  it('answers the active types of an owner type, by POST and by GET', async () => {
    const post = await call(w.app, 'Common/GetDocumentTypeList', { ownerType: 'vehicle' }, w.admin.token);
    expect(post.status).toBe(200);
    expectEvery(post.body.data, (r) => r.ownerType === 'vehicle');
    expect(post.body.data.map((r) => r.name)).toContain('MOT certificate');
    const get = await call(
      w.app,
      'Common/GetDocumentTypeList',
      { ownerType: 'driver', perPage: '0' },
      w.as.Dispatcher.token,
      'GET',
    );
    expect(get.status).toBe(200);
    expect(get.body.data.map((r) => r.name)).toEqual([
      'Criminal record check',
      'Driving licence',
      'Private hire driver licence',
    ]);
    const bad = await callRaw(w.app, 'Common/GetDocumentTypeList', { ownerType: 'horse' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('ownerType');
  });
});

describe('adding documents', () => {
  it('stores a JSON upload, serves it at its signed address and traces the change', async () => {
    const res = await call(
      w.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeId('Driving licence'),
        reference: 'WALKE801234JW9AB',
        issueDate: inDays(-400),
        expiryDate: inDays(100),
        file: { fileName: 'licence.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      ownerType: 'driver',
      ownerId: driverId,
      ownerName: 'James Walker',
      documentTypeName: 'Driving licence',
      isMandatory: true,
      expiryState: 'valid',
      daysToExpiry: 100,
      hasFile: true,
      fileName: 'licence.png',
      mimeType: 'image/png',
      sizeBytes: png.length,
    });
    const file = await w.app.inject({ method: 'GET', url: res.body.data.fileUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    const key = await fileKeyOf(res.body.data.id);
    expect(key).toMatch(new RegExp(`^${w.company.id}/documents/.+\\.png$`));
    const trace = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, res.body.data.id)));
    expect(trace.map((r) => r.action)).toEqual(['created']);
  });

  it('takes a multipart form with a PDF', async () => {
    const boundary = 'cabdeskdocs';
    const field = (name: string, value: string | number) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const body = Buffer.concat([
      field('ownerType', 'vehicle'),
      field('ownerId', vehicleId),
      field('documentTypeId', typeId('MOT certificate') ?? 0),
      field('issueDate', ''),
      field('expiryDate', inDays(20)),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mot.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await w.app.inject({
      method: 'POST',
      url: '/Common/Create',
      headers: {
        authorization: `Bearer ${w.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const doc = (res.json() as ResponseOf<'Common/Create'>).data;
    expect(doc).toMatchObject({
      ownerName: 'AB12 CDE',
      expiryState: 'expiring',
      issueDate: null,
      fileName: 'mot.pdf',
      mimeType: 'application/pdf',
    });
    expect(existsSync(stored((await fileKeyOf(doc.id)) ?? ''))).toBe(true);
  });

  it('refuses bytes that are not the declared type, and keeps nothing', async () => {
    const before = await w.db.select().from(documents).where(eq(documents.companyId, w.company.id));
    const res = await call(
      w.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeId('Criminal record check'),
        expiryDate: inDays(300),
        file: { fileName: 'check.pdf', mimeType: 'application/pdf', content: png.toString('base64') },
      },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'file.content', message: 'File content is not a real PDF file', rule: 'is not a real PDF file' },
    ]);
    const svg = await call(
      w.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeId('Criminal record check'),
        expiryDate: inDays(300),
        file: { fileName: 'x.svg', mimeType: 'image/svg+xml', content: Buffer.from('<svg/>').toString('base64') },
      },
      w.admin.token,
    );
    expect(svg.status).toBe(400);
    expect(svg.body.errors?.[0]?.field).toBe('file.mimeType');
    const after = await w.db.select().from(documents).where(eq(documents.companyId, w.company.id));
    expect(after).toHaveLength(before.length);
  });

  it('names the field of every rule: type of another owner type, owner elsewhere, dates', async () => {
    const base = { ownerType: 'driver' as const, ownerId: secondDriverId, documentTypeId: typeId('Driving licence') };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base }, 'expiryDate', 'is required for Driving licence'],
      [{ ...base, issueDate: inDays(10), expiryDate: inDays(5) }, 'expiryDate', 'must not be before the issue date'],
      [
        { ...base, documentTypeId: typeId('MOT certificate'), expiryDate: inDays(5) },
        'documentTypeId',
        'is a document type for vehicle records, not driver records',
      ],
      [{ ...base, ownerId: foreignDriverId, expiryDate: inDays(5) }, 'ownerId', 'is not a driver of your company'],
      [{ ...base, ownerId: 99_999_999, expiryDate: inDays(5) }, 'ownerId', 'is not a driver of your company'],
      [{ ...base, expiryDate: '2026-13-01' }, 'expiryDate', 'must be a real date'],
      [{ ...base, ownerId: 'x', expiryDate: inDays(5) }, 'ownerId', 'must be a whole number'],
    ];
    for (const [body, field, message] of cases) {
      const res = await callRaw(w.app, 'Common/Create', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual([expect.objectContaining({ field, rule: message })]);
    }
    const theirType = await w.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.companyId, w.other.company.id))
      .limit(1);
    const foreignType = await call(
      w.app,
      'Common/Create',
      { ...base, documentTypeId: theirType[0]!.id, expiryDate: inDays(5) },
      w.admin.token,
    );
    expect(foreignType.body.errors).toEqual([
      {
        field: 'documentTypeId',
        message: 'Document type does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
  });

  it('lets a dispatcher read documents but not change them', async () => {
    const add = await call(
      w.app,
      'Common/Create',
      { ownerType: 'driver', ownerId: driverId, documentTypeId: typeId('Driving licence'), expiryDate: inDays(5) },
      w.as.Dispatcher.token,
    );
    expect(add.status).toBe(403);
    expect((await call(w.app, 'Common/GetDocument', {}, w.as.Dispatcher.token)).status).toBe(200);
  });

  it('adds a company document to the company itself but not to another company', async () => {
    const [sub] = await w.db
      .insert(companies)
      .values({ shortName: `SUB${w.company.id}`, name: 'Sub Cabs', parentCompanyId: w.company.id })
      .returning({ id: companies.id });
    const [type] = await w.db
      .insert(documentTypes)
      .values({ companyId: w.company.id, name: 'Operator licence', ownerType: 'company', hasExpiry: true })
      .returning({ id: documentTypes.id });
    for (const ownerId of [w.company.id, sub!.id]) {
      const ok = await call(
        w.app,
        'Common/Create',
        { ownerType: 'company', ownerId, documentTypeId: type!.id, expiryDate: inDays(200) },
        w.admin.token,
      );
      expect(ok.status).toBe(200);
    }
    const foreign = await call(
      w.app,
      'Common/Create',
      { ownerType: 'company', ownerId: w.other.company.id, documentTypeId: type!.id, expiryDate: inDays(200) },
      w.admin.token,
    );
    expect(foreign.body.errors).toEqual([
      { field: 'ownerId', message: 'Owner is not a company of your company', rule: 'is not a company of your company' },
    ]);
  });
});

describe('expiry', () => {
  it('tells expired, expiring, valid and no-expiry apart, filters on it and sums it up', async () => {
    const add = async (
      typeName: string,
      expiryDate: string | null,
      ownerType: 'driver' | 'vehicle' = 'driver',
      ownerId = secondDriverId,
    ) =>
      (
        await call(
          w.app,
          'Common/Create',
          { ownerType, ownerId, documentTypeId: typeId(typeName), expiryDate },
          w.admin.token,
        )
      ).body.data;
    const expired = await add('Private hire driver licence', inDays(-1));
    const expiring = await add('Criminal record check', inDays(30));
    const v5c = await add('Registration document (V5C)', inDays(10), 'vehicle', vehicleId);
    expect(expired).toMatchObject({ expiryState: 'expired', daysToExpiry: -1 });
    expect(expiring).toMatchObject({ expiryState: 'expiring', daysToExpiry: 30 });
    // A type without expiry keeps no date.
    expect(v5c).toMatchObject({ expiryState: 'no_expiry', expiryDate: null, daysToExpiry: null });

    const list = await call(
      w.app,
      'Common/GetDocument',
      { ownerType: 'driver', expiryState: 'expired', perPage: 0 },
      w.admin.token,
    );
    expect(list.body.data.map((r) => r.id)).toEqual([expired.id]);

    const summary = await call(w.app, 'Common/GetDocumentSummaryByOwnerType', { ownerType: 'driver' }, w.admin.token);
    expect(summary.status).toBe(200);
    // James: a valid licence; Amira: an expired PHD licence, an expiring check, no driving licence.
    expect(summary.body.data).toMatchObject({
      ownerType: 'driver',
      total: 3,
      valid: 1,
      expiring: 1,
      expired: 1,
      noExpiry: 0,
      owners: 2,
      ownersMissingMandatory: 2,
      missing: 2,
    });
    const licence = summary.body.data.types.find((r) => r.documentTypeName === 'Driving licence');
    expect(licence).toMatchObject({ isMandatory: true, total: 1, valid: 1, missing: 1 });
  });

  it('reads the day in the company time zone', async () => {
    const [tokyo] = await w.db
      .insert(companies)
      .values({ shortName: `TYO${w.company.id}`, name: 'Tokyo Cabs', timezone: 'Pacific/Kiritimati' })
      .returning({ id: companies.id });
    const { bootstrapCompany } = await import('../src/domains/company/bootstrap');
    await bootstrapCompany(w.db, tokyo?.id ?? 0);
    const kiriAdmin = await createUser(w.db, tokyo?.id ?? 0, 'admin');
    const session = await signIn(w.app, kiriAdmin.email);
    const [driver] = await w.db
      .insert(drivers)
      .values({ companyId: tokyo?.id ?? 0, firstName: 'Tee', lastName: 'Kiri' })
      .returning({ id: drivers.id });
    const [type] = await w.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(and(eq(documentTypes.companyId, tokyo?.id ?? 0), eq(documentTypes.name, 'Driving licence')));
    // UTC+14: the company's today is the UTC date or the day after it.
    const kiriToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const utcToday = new Date().toISOString().slice(0, 10);
    const res = await call(
      w.app,
      'Common/Create',
      { ownerType: 'driver', ownerId: driver!.id, documentTypeId: type!.id, expiryDate: utcToday },
      session.accessToken,
    );
    expect(res.body.data.expiryState).toBe(kiriToday > utcToday ? 'expired' : 'expiring');
  });
});

describe('changing and deleting', () => {
  it('replaces the file, removes the old one after the commit, and 404s for another company', async () => {
    const created = await call(
      w.app,
      'Common/Create',
      {
        ownerType: 'vehicle',
        ownerId: vehicleId,
        documentTypeId: typeId('Insurance certificate'),
        expiryDate: inDays(60),
        file: { fileName: 'old.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      w.admin.token,
    );
    const id = created.body.data.id;
    const oldKey = (await fileKeyOf(id)) ?? '';
    expect(existsSync(stored(oldKey))).toBe(true);

    const changed: CallInput<'Common/UpdateDocument'> = {
      id,
      ownerType: 'vehicle',
      ownerId: vehicleId,
      documentTypeId: typeId('Insurance certificate'),
      reference: 'POL-778',
      expiryDate: inDays(400),
      file: { fileName: 'new.pdf', mimeType: 'application/pdf', content: pdf.toString('base64') },
    };
    expect((await call(w.app, 'Common/UpdateDocument', changed, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Common/GetDocumentDetailByID', { id }, w.other.admin.token)).status).toBe(404);
    expect((await call(w.app, 'Common/DeleteDocument', { id }, w.other.admin.token)).status).toBe(404);

    const updated = await call(w.app, 'Common/UpdateDocument', changed, w.admin.token);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ reference: 'POL-778', fileName: 'new.pdf', expiryState: 'valid' });
    const newKey = (await fileKeyOf(id)) ?? '';
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(stored(oldKey))).toBe(false);
    expect(existsSync(stored(newKey))).toBe(true);

    // Without a file the stored one stays; removeFile drops it.
    const kept = await call(
      w.app,
      'Common/UpdateDocument',
      { ...changed, file: undefined, notes: 'Renewed by phone' },
      w.admin.token,
    );
    expect(kept.body.data).toMatchObject({ notes: 'Renewed by phone', hasFile: true });
    const trace = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, id)));
    expect(trace.map((r) => r.action)).toEqual(['created', 'updated', 'updated']);
    expect(trace[2]?.changes).toEqual({ notes: { before: null, after: 'Renewed by phone' } });

    const detail = await call(w.app, 'Common/GetDocumentDetailByID', { id }, w.as.Dispatcher.token);
    expect(detail.body.data.reference).toBe('POL-778');

    const deleted = await call(w.app, 'Common/DeleteDocument', { id }, w.admin.token);
    expect(deleted.body).toMatchObject({ code: 200, data: { id } });
    expect(existsSync(stored(newKey))).toBe(false);
    expect(await w.db.select().from(documents).where(eq(documents.id, id))).toHaveLength(0);
    expect((await call(w.app, 'Common/GetDocumentDetailByID', { id }, w.admin.token)).status).toBe(404);
  });

  it('keeps the old file when an update fails', async () => {
    const created = await call(
      w.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeId('Private hire driver licence'),
        expiryDate: inDays(90),
        file: { fileName: 'phd.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      w.admin.token,
    );
    const id = created.body.data.id;
    const key = (await fileKeyOf(id)) ?? '';
    const failed = await call(
      w.app,
      'Common/UpdateDocument',
      {
        id,
        ownerType: 'driver',
        ownerId: foreignDriverId,
        documentTypeId: typeId('Private hire driver licence'),
        expiryDate: inDays(90),
        file: { fileName: 'new.pdf', mimeType: 'application/pdf', content: pdf.toString('base64') },
      },
      w.admin.token,
    );
    expect(failed.status).toBe(400);
    expect(await fileKeyOf(id)).toBe(key);
    expect(existsSync(stored(key))).toBe(true);
  });
});

describe('the document list', () => {
  it('searches owner names and references, sorts, and keeps companies apart', async () => {
    const byName = await call(
      w.app,
      'Common/GetDocument',
      { q: 'walker', sortColumn: 'documentTypeName', perPage: 0 },
      w.admin.token,
    );
    expect(byName.body.data.length).toBeGreaterThan(0);
    expectEvery(byName.body.data, (r) => r.ownerName === 'James Walker');
    const names = byName.body.data.map((r) => r.documentTypeName);
    expect(names).toEqual([...names].sort());
    const byOwner = await call(
      w.app,
      'Common/GetDocument',
      { ownerType: 'driver', ownerId: secondDriverId, perPage: 0 },
      w.admin.token,
    );
    expectEvery(byOwner.body.data, (r) => r.ownerId === secondDriverId);
    const theirs = await call(w.app, 'Common/GetDocument', {}, w.other.admin.token);
    expect(theirs.body.count).toBe(0);
    const badSort = await callRaw(w.app, 'Common/GetDocument', { sortColumn: 'fileKey' }, w.admin.token);
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors?.[0]?.field).toBe('sortColumn');
  });
});
