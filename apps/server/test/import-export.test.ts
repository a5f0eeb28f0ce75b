import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../src/domains/vehicles/schema';
import { passengers } from '../src/domains/passengers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let dispatcher: SignedIn;

const csv = (text: string) => ({
  fileName: 'sheet.csv',
  mimeType: 'text/csv',
  content: Buffer.from(text).toString('base64'),
});

interface Preview {
  columns: { header: string; field: string | null }[];
  rows: { rowNumber: number; errors: { field: string; message: string }[] }[];
  validCount: number;
  invalidCount: number;
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  const d = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
  dispatcher = await signIn(t.app, d.email);
  await call(t.app, 'VehicleType/Create', { name: 'Saloon', maxPassengers: 4, maxLuggage: 2 }, admin.accessToken);
});

describe('import', () => {
  const sheet = csv(
    'Registration,Make,Model,Vehicle type,Colour,Notes column\n' +
      'AB12 CDE,Toyota,Prius,Saloon,Silver,x\n' +
      'ab12cde,Skoda,Octavia,Saloon,Black,x\n' +
      'XY99 ZZZ,Ford,Galaxy,Bus,Grey,x\n' +
      ',Ford,Galaxy,Saloon,Grey,x\n',
  );

  it('previews every row as the import would, names the problems and writes nothing', async () => {
    const res = await call(t.app, 'Vehicle/GetImportPreview', { file: sheet }, admin.accessToken);
    expect(res.status).toBe(200);
    const preview = res.body.data;
    expect(preview.columns.find((c) => c.header === 'Vehicle type')?.field).toBe('vehicleTypeId');
    expect(preview.columns.find((c) => c.header === 'Notes column')?.field).toBeNull();
    expect(preview.validCount).toBe(1);
    const [first, duplicate, unknownType, noReg] = preview.rows;
    expect(first?.errors).toEqual([]);
    expect(duplicate?.errors[0]?.field).toBe('registration');
    expect(unknownType?.errors).toEqual([{ field: 'Vehicle type', message: 'is not a vehicle type of your company' }]);
    expect(noReg?.errors.map((e) => e.field)).toContain('registration');
    expect(await t.db.select().from(vehicles).where(eq(vehicles.companyId, company.id))).toHaveLength(0);
  });

  it('refuses the whole file while any row is bad, and imports a clean file at once', async () => {
    const refused = await call(t.app, 'Vehicle/Import', { file: sheet }, admin.accessToken);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/3 of 4 rows cannot be imported; nothing was written/);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.companyId, company.id))).toHaveLength(0);

    const clean = csv('Reg,Make,Vehicle type\nAB12 CDE,Toyota,saloon\nCD34 EFG,Skoda,Saloon\n');
    const done = await call(t.app, 'Vehicle/Import', { file: clean }, admin.accessToken);
    expect(done.body).toMatchObject({ code: 200, data: { created: 2 } });
    expect(await t.db.select().from(vehicles).where(eq(vehicles.companyId, company.id))).toHaveLength(2);
  });

  it('reads XLSX with dates and yes/no columns', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('People');
    ws.addRow(['First name', 'Surname', 'E-mail', 'VIP']);
    ws.addRow(['Ada', 'Lovelace', 'ada@example.test', 'yes']);
    ws.addRow(['Alan', 'Turing', 'alan@example.test', 'maybe']);
    const file = {
      fileName: 'people.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: Buffer.from(await book.xlsx.writeBuffer()).toString('base64'),
    };
    const res = await call(t.app, 'Passenger/GetImportPreview', { file }, admin.accessToken);
    expect(res.body.data.validCount).toBe(1);
    expect(res.body.data.rows[1]?.errors).toEqual([{ field: 'VIP', message: 'must be yes or no' }]);
    expect(await t.db.select().from(passengers).where(eq(passengers.companyId, company.id))).toHaveLength(0);
  });

  it('refuses a file that is not a sheet, and a role without the create permission', async () => {
    const junk = { fileName: 'x.csv', mimeType: 'text/csv', content: Buffer.from([0, 1, 2, 3]).toString('base64') };
    const bad = await call(t.app, 'Vehicle/GetImportPreview', { file: junk }, admin.accessToken);
    expect(bad.status).toBe(400);
    const forbidden = await call(
      t.app,
      'Vehicle/GetImportPreview',
      { file: csv('Reg\nAB1\n') },
      dispatcher.accessToken,
    );
    expect(forbidden.status).toBe(403);
  });
});

describe('export', () => {
  it('writes a list with its filters into an XLSX sheet', async () => {
    for (let i = 0; i < 3; i++) await createUser(t.db, company.id, 'passenger', { fullName: `Exported ${i}` });
    const res = await call(
      t.app,
      'Common/ExportToExcel',
      { call: 'Users/GetTableSummary', input: { q: 'exported', sortColumn: 'fullName', sortType: 'desc' } },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toBe(3);
    expect(res.body.data.fileName).toMatch(/^Users-GetTableSummary-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.content, 'base64') as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('Full Name');
    expect([2, 3, 4].map((r) => ws.getRow(r).getCell(2).value)).toEqual(['Exported 2', 'Exported 1', 'Exported 0']);
  });

  it('applies the permission of the exported list, and refuses what is not a list', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const token = (await signIn(t.app, driver.email)).accessToken;
    expect((await call(t.app, 'Common/ExportToExcel', { call: 'Users/GetTableSummary' }, token)).status).toBe(403);
    const notList = await call(t.app, 'Common/ExportToExcel', { call: 'User/DeleteUser' }, admin.accessToken);
    expect(notList.body.errors).toEqual([{ field: 'call', message: 'must be the name of a list call' }]);
  });
});
