import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { companies } from '../src/domains/company/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers } from '../src/domains/drivers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let otherCompany: TestCompany;
let dispatcher: SignedIn;
let driverId: number;
let secondDriverId: number;
let vehicleId: number;
let foreignDriverId: number;
const typeIds: Record<string, number> = {};

type Doc = Record<string, unknown> & { id: number; fileUrl: string | null; expiryState: string };
type Mutation = { code: number; message: string; data: Doc; errors?: { field: string; message: string }[] };

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

const stored = (key: string) => path.join(t.config.dataDir, 'files', key);
async function fileKeyOf(id: number): Promise<string | null> {
  const [row] = await t.db.select({ key: documents.fileKey }).from(documents).where(eq(documents.id, id));
  return row?.key ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  const d = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
  dispatcher = await signIn(t.app, d.email);
  const made = await t.db
    .insert(drivers)
    .values([
      { companyId: company.id, firstName: 'James', lastName: 'Walker' },
      { companyId: company.id, firstName: 'Amira', lastName: 'Khan' },
      { companyId: otherCompany.id, firstName: 'Foreign', lastName: 'Driver' },
    ])
    .returning({ id: drivers.id });
  [driverId, secondDriverId, foreignDriverId] = made.map((r) => r.id) as [number, number, number];
  const [type] = await t.db
    .insert(vehicleTypes)
    .values({ companyId: company.id, name: 'Saloon' })
    .returning({ id: vehicleTypes.id });
  const [car] = await t.db
    .insert(vehicles)
    .values({ companyId: company.id, vehicleTypeId: type?.id ?? 0, registration: 'AB12 CDE' })
    .returning({ id: vehicles.id });
  vehicleId = car?.id ?? 0;
  for (const row of await t.db.select().from(documentTypes).where(eq(documentTypes.companyId, company.id))) {
    typeIds[row.name] = row.id;
  }
});

describe('document types look-up', () => {
  it('answers the active types of an owner type, by POST and by GET', async () => {
    const post = await call(t.app, 'Common/GetDocumentTypeList', { ownerType: 'vehicle' }, admin.accessToken);
    expect(post.status).toBe(200);
    expect(post.body.data.every((r) => r.ownerType === 'vehicle')).toBe(true);
    expect(post.body.data.map((r) => r.name)).toContain('MOT certificate');
    const get = await call(
      t.app,
      'Common/GetDocumentTypeList',
      { ownerType: 'driver', perPage: '0' },
      dispatcher.accessToken,
      'GET',
    );
    expect(get.status).toBe(200);
    expect(get.body.data.map((r) => r.name)).toEqual([
      'Criminal record check',
      'Driving licence',
      'Private hire driver licence',
    ]);
    const bad = await call(t.app, 'Common/GetDocumentTypeList', { ownerType: 'horse' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[])[0]?.field).toBe('ownerType');
  });
});

describe('adding documents', () => {
  it('stores a JSON upload, serves it at its signed address and traces the change', async () => {
    const res = await call(
      t.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeIds['Driving licence'],
        reference: 'WALKE801234JW9AB',
        issueDate: inDays(-400),
        expiryDate: inDays(100),
        file: { fileName: 'licence.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      admin.accessToken,
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
    const file = await t.app.inject({ method: 'GET', url: res.body.data.fileUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    const key = await fileKeyOf(res.body.data.id);
    expect(key).toMatch(new RegExp(`^${company.id}/documents/.+\\.png$`));
    const trace = await t.db
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
      field('documentTypeId', typeIds['MOT certificate'] ?? 0),
      field('issueDate', ''),
      field('expiryDate', inDays(20)),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mot.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/Common/Create',
      headers: {
        authorization: `Bearer ${admin.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const doc = (res.json() as Mutation).data;
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
    const before = await t.db.select().from(documents).where(eq(documents.companyId, company.id));
    const res = await call(
      t.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeIds['Criminal record check'],
        expiryDate: inDays(300),
        file: { fileName: 'check.pdf', mimeType: 'application/pdf', content: png.toString('base64') },
      },
      admin.accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'file.content', message: 'is not a real PDF file' }]);
    const svg = await call(
      t.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeIds['Criminal record check'],
        expiryDate: inDays(300),
        file: { fileName: 'x.svg', mimeType: 'image/svg+xml', content: Buffer.from('<svg/>').toString('base64') },
      },
      admin.accessToken,
    );
    expect(svg.status).toBe(400);
    expect(svg.body.errors?.[0]?.field).toBe('file.mimeType');
    const after = await t.db.select().from(documents).where(eq(documents.companyId, company.id));
    expect(after).toHaveLength(before.length);
  });

  it('names the field of every rule: type of another owner type, owner elsewhere, dates', async () => {
    const base = { ownerType: 'driver', ownerId: secondDriverId, documentTypeId: typeIds['Driving licence'] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base }, 'expiryDate', 'is required for Driving licence'],
      [{ ...base, issueDate: inDays(10), expiryDate: inDays(5) }, 'expiryDate', 'must not be before the issue date'],
      [
        { ...base, documentTypeId: typeIds['MOT certificate'], expiryDate: inDays(5) },
        'documentTypeId',
        'is a document type for vehicle records, not driver records',
      ],
      [{ ...base, ownerId: foreignDriverId, expiryDate: inDays(5) }, 'ownerId', 'is not a driver of your company'],
      [{ ...base, ownerId: 99_999_999, expiryDate: inDays(5) }, 'ownerId', 'is not a driver of your company'],
      [{ ...base, expiryDate: '2026-13-01' }, 'expiryDate', 'must be a real date'],
      [{ ...base, ownerId: 'x', expiryDate: inDays(5) }, 'ownerId', 'must be a whole number'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t.app, 'Common/Create', body, admin.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual([{ field, message }]);
    }
    const theirType = await t.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.companyId, otherCompany.id))
      .limit(1);
    const foreignType = await call(
      t.app,
      'Common/Create',
      { ...base, documentTypeId: theirType[0]?.id, expiryDate: inDays(5) },
      admin.accessToken,
    );
    expect(foreignType.body.errors).toEqual([{ field: 'documentTypeId', message: 'does not exist in your company' }]);
  });

  it('lets a dispatcher read documents but not change them', async () => {
    const add = await call(
      t.app,
      'Common/Create',
      { ownerType: 'driver', ownerId: driverId, documentTypeId: typeIds['Driving licence'], expiryDate: inDays(5) },
      dispatcher.accessToken,
    );
    expect(add.status).toBe(403);
    expect((await call(t.app, 'Common/GetDocument', {}, dispatcher.accessToken)).status).toBe(200);
  });

  it('adds a company document to the company itself but not to another company', async () => {
    const [sub] = await t.db
      .insert(companies)
      .values({ shortName: `SUB${company.id}`, name: 'Sub Cabs', parentCompanyId: company.id })
      .returning({ id: companies.id });
    const [type] = await t.db
      .insert(documentTypes)
      .values({ companyId: company.id, name: 'Operator licence', ownerType: 'company', hasExpiry: true })
      .returning({ id: documentTypes.id });
    for (const ownerId of [company.id, sub?.id]) {
      const ok = await call(
        t.app,
        'Common/Create',
        { ownerType: 'company', ownerId, documentTypeId: type?.id, expiryDate: inDays(200) },
        admin.accessToken,
      );
      expect(ok.status).toBe(200);
    }
    const foreign = await call(
      t.app,
      'Common/Create',
      { ownerType: 'company', ownerId: otherCompany.id, documentTypeId: type?.id, expiryDate: inDays(200) },
      admin.accessToken,
    );
    expect(foreign.body.errors).toEqual([{ field: 'ownerId', message: 'is not a company of your company' }]);
  });
});

describe('expiry', () => {
  it('tells expired, expiring, valid and no-expiry apart, filters on it and sums it up', async () => {
    const add = async (typeName: string, expiryDate: string | null, ownerType = 'driver', ownerId = secondDriverId) =>
      (
        await call(
          t.app,
          'Common/Create',
          { ownerType, ownerId, documentTypeId: typeIds[typeName], expiryDate },
          admin.accessToken,
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
      t.app,
      'Common/GetDocument',
      { ownerType: 'driver', expiryState: 'expired', perPage: 0 },
      admin.accessToken,
    );
    expect(list.body.data.map((r) => r.id)).toEqual([expired.id]);

    const summary = await call(
      t.app,
      'Common/GetDocumentSummaryByOwnerType',
      { ownerType: 'driver' },
      admin.accessToken,
    );
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
    const [tokyo] = await t.db
      .insert(companies)
      .values({ shortName: `TYO${company.id}`, name: 'Tokyo Cabs', timezone: 'Pacific/Kiritimati' })
      .returning({ id: companies.id });
    const { bootstrapCompany } = await import('../src/domains/company/bootstrap');
    await bootstrapCompany(t.db, tokyo?.id ?? 0);
    const kiriAdmin = await createUser(t.db, tokyo?.id ?? 0, 'admin');
    const session = await signIn(t.app, kiriAdmin.email);
    const [driver] = await t.db
      .insert(drivers)
      .values({ companyId: tokyo?.id ?? 0, firstName: 'Tee', lastName: 'Kiri' })
      .returning({ id: drivers.id });
    const [type] = await t.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(and(eq(documentTypes.companyId, tokyo?.id ?? 0), eq(documentTypes.name, 'Driving licence')));
    // UTC+14: the company's today is the UTC date or the day after it.
    const kiriToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const utcToday = new Date().toISOString().slice(0, 10);
    const res = await call(
      t.app,
      'Common/Create',
      { ownerType: 'driver', ownerId: driver?.id, documentTypeId: type?.id, expiryDate: utcToday },
      session.accessToken,
    );
    expect(res.body.data.expiryState).toBe(kiriToday > utcToday ? 'expired' : 'expiring');
  });
});

describe('changing and deleting', () => {
  it('replaces the file, removes the old one after the commit, and 404s for another company', async () => {
    const created = await call(
      t.app,
      'Common/Create',
      {
        ownerType: 'vehicle',
        ownerId: vehicleId,
        documentTypeId: typeIds['Insurance certificate'],
        expiryDate: inDays(60),
        file: { fileName: 'old.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      admin.accessToken,
    );
    const id = created.body.data.id;
    const oldKey = (await fileKeyOf(id)) ?? '';
    expect(existsSync(stored(oldKey))).toBe(true);

    const changed = {
      id,
      ownerType: 'vehicle',
      ownerId: vehicleId,
      documentTypeId: typeIds['Insurance certificate'],
      reference: 'POL-778',
      expiryDate: inDays(400),
      file: { fileName: 'new.pdf', mimeType: 'application/pdf', content: pdf.toString('base64') },
    };
    expect((await call(t.app, 'Common/UpdateDocument', changed, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Common/GetDocumentDetailByID', { id }, other.accessToken)).status).toBe(404);
    expect((await call(t.app, 'Common/DeleteDocument', { id }, other.accessToken)).status).toBe(404);

    const updated = await call(t.app, 'Common/UpdateDocument', changed, admin.accessToken);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ reference: 'POL-778', fileName: 'new.pdf', expiryState: 'valid' });
    const newKey = (await fileKeyOf(id)) ?? '';
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(stored(oldKey))).toBe(false);
    expect(existsSync(stored(newKey))).toBe(true);

    // Without a file the stored one stays; removeFile drops it.
    const kept = await call(
      t.app,
      'Common/UpdateDocument',
      { ...changed, file: undefined, notes: 'Renewed by phone' },
      admin.accessToken,
    );
    expect(kept.body.data).toMatchObject({ notes: 'Renewed by phone', hasFile: true });
    const trace = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, id)));
    expect(trace.map((r) => r.action)).toEqual(['created', 'updated', 'updated']);
    expect(trace[2]?.changes).toEqual({ notes: { before: null, after: 'Renewed by phone' } });

    const detail = await call(t.app, 'Common/GetDocumentDetailByID', { id }, dispatcher.accessToken);
    expect(detail.body.data.reference).toBe('POL-778');

    const deleted = await call(t.app, 'Common/DeleteDocument', { id }, admin.accessToken);
    expect(deleted.body).toMatchObject({ code: 200, data: { id } });
    expect(existsSync(stored(newKey))).toBe(false);
    expect(await t.db.select().from(documents).where(eq(documents.id, id))).toHaveLength(0);
    expect((await call(t.app, 'Common/GetDocumentDetailByID', { id }, admin.accessToken)).status).toBe(404);
  });

  it('keeps the old file when an update fails', async () => {
    const created = await call(
      t.app,
      'Common/Create',
      {
        ownerType: 'driver',
        ownerId: driverId,
        documentTypeId: typeIds['Private hire driver licence'],
        expiryDate: inDays(90),
        file: { fileName: 'phd.png', mimeType: 'image/png', content: png.toString('base64') },
      },
      admin.accessToken,
    );
    const id = created.body.data.id;
    const key = (await fileKeyOf(id)) ?? '';
    const failed = await call(
      t.app,
      'Common/UpdateDocument',
      {
        id,
        ownerType: 'driver',
        ownerId: foreignDriverId,
        documentTypeId: typeIds['Private hire driver licence'],
        expiryDate: inDays(90),
        file: { fileName: 'new.pdf', mimeType: 'application/pdf', content: pdf.toString('base64') },
      },
      admin.accessToken,
    );
    expect(failed.status).toBe(400);
    expect(await fileKeyOf(id)).toBe(key);
    expect(existsSync(stored(key))).toBe(true);
  });
});

describe('the document list', () => {
  it('searches owner names and references, sorts, and keeps companies apart', async () => {
    const byName = await call(
      t.app,
      'Common/GetDocument',
      { q: 'walker', sortColumn: 'documentTypeName', perPage: 0 },
      admin.accessToken,
    );
    expect(byName.body.data.length).toBeGreaterThan(0);
    expect(byName.body.data.every((r) => r.ownerName === 'James Walker')).toBe(true);
    const names = byName.body.data.map((r) => r.documentTypeName as string);
    expect(names).toEqual([...names].sort());
    const byOwner = await call(
      t.app,
      'Common/GetDocument',
      { ownerType: 'driver', ownerId: secondDriverId, perPage: 0 },
      admin.accessToken,
    );
    expect(byOwner.body.data.every((r) => r.ownerId === secondDriverId)).toBe(true);
    const theirs = await call(t.app, 'Common/GetDocument', {}, other.accessToken);
    expect(theirs.body.count).toBe(0);
    const badSort = await call(t.app, 'Common/GetDocument', { sortColumn: 'fileKey' }, admin.accessToken);
    expect(badSort.status).toBe(400);
    expect((badSort.body.errors as { field: string }[])[0]?.field).toBe('sortColumn');
  });
});
