import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCalls, type BuiltName, contract, findCall } from '../src/index';
import { openApiDocument } from '../src/openapi';
import { callTable } from '../src/call-table.generated';
import { inputCallNames, loadInput } from '../src/call-inputs.generated';
import { type CallEntry, decodeCallTable } from '../src/call-table';
import { callTableEntries, callTableGroups } from '../scripts/call-table';

const calls = allCalls;

/** Rows the spec gives without a name, and the names the contract gives them. */
const unnamedRows: Record<string, string[]> = {
  'Client/(SMS/email/phone-call/representative/tag lists, names not shown)': [
    'Client/GetClientSMSList',
    'Client/GetClientEmailList',
    'Client/GetClientPhoneCallList',
    'Client/GetClientRepresentativeList',
    'Client/GetClientTagList',
  ],
  'Pricing/(by-id variants, names not shown)': [
    'Pricing/GetPricingModelByID',
    'Pricing/GetVehiclePricingModelByID',
    'Pricing/GetPricingModelMileageStepsByID',
    'Pricing/GetVehiclePricingModelMileageStepsByID',
  ],
};

function wireName(area: string, action: string): string {
  if (area === '(root)') return action;
  if (area === 'UNKNOWN-CALENDAR') return `Dashboard/${action}`;
  return `${area}/${action}`;
}

const rows = readFileSync(new URL('../spec/actions.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area, action, method] = line.split('\t') as [string, string, string];
    return { area, action, method };
  });

describe('the contract', () => {
  it('declares every row of actions.tsv with its method', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const names = unnamedRows[`${row.area}/${row.action}`] ?? [wireName(row.area, row.action)];
      for (const name of names) {
        const declared = findCall(name);
        if (!declared) missing.push(name);
        else if (row.method === 'BOTH') expect([...declared.methods].sort(), name).toEqual(['GET', 'POST']);
        else expect(declared.methods, name).toContain(row.method);
      }
    }
    expect(missing).toEqual([]);
  });

  it('explains every call the spec does not name', () => {
    const specNames = new Set(
      rows.flatMap((r) => unnamedRows[`${r.area}/${r.action}`] ?? [wireName(r.area, r.action)]),
    );
    const unexplained = calls.filter((c) => !specNames.has(c.name) && !c.addedBecause).map((c) => c.name);
    expect(unexplained).toEqual([]);
    const unnamed = calls.filter((c) => c.addedBecause).map((c) => c.name);
    expect(unnamed.length).toBeGreaterThanOrEqual(9);
  });

  it('keeps the spec’s spelling, typos included', () => {
    for (const name of [
      'Driver/GetDriverChatss',
      'UserLogin/UpdatUserDeviceTokenOnLogout',
      'Booking/GetBookingFiltertestting',
      'Booking/ApproveDriverAllcation',
      'Vehicle/GetvehicleBookingTrends',
      'Common/GePreferFromList',
      'jwt/refresh-token',
      'UpdateBonus',
    ]) {
      expect(Object.keys(contract)).toContain(name);
    }
    expect(findCall('jwt/refresh-token')?.path).toBe('/jwt/refresh-token');
    expect(findCall('UpdateBonus')?.path).toBe('/UpdateBonus');
  });

  it('gives every call a distinct path and a permission subject', () => {
    const paths = calls.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const call of calls) expect(call.subject, call.name).toBeTruthy();
  });

  it('declares the verb of every call that changes data, and gives lists and reads read', () => {
    const undeclared = calls
      .filter(
        (c) =>
          (c.kind === 'mutation' || c.kind === 'flat') &&
          !['create', 'update', 'delete', 'read'].includes(c.verb ?? ''),
      )
      .map((c) => c.name);
    expect(undeclared).toEqual([]);
    const built = calls.filter((c) => c.kind !== 'planned');
    expect(built.filter((c) => c.kind === 'mutation').length).toBeGreaterThan(100);
    // A read asks for more than read only when it runs a change without keeping it (an import preview).
    const strongerReads = built.filter((c) => (c.kind === 'list' || c.kind === 'read') && c.verb !== 'read');
    expect(strongerReads.map((c) => c.name).sort()).toEqual([
      'Client/GetImportPreview',
      'Driver/GetImportPreview',
      'Passenger/GetImportPreview',
      'Vehicle/GetImportPreview',
    ]);
  });

  it('asks read, not update, of the calls whose names did not follow the pattern', () => {
    for (const name of ['Common/ExportToExcel', 'Common/GePreferFromList', 'Driver/BookingNextLocTypeID']) {
      expect(findCall(name)?.verb, name).toBe('read');
    }
    expect(findCall('Driver/Import')?.verb).toBe('create');
    expect(findCall('Common/UploadImageDriver')?.verb).toBe('update');
  });

  it('has input and output schemas on every built call', () => {
    for (const call of calls) {
      if (call.kind === 'planned') continue;
      expect(call.input, call.name).toBeDefined();
      expect(call.output, call.name).toBeDefined();
    }
  });
});

describe('the call table the web makes calls from', () => {
  it('holds every built call with its route, kind and permission, as the contract says', () => {
    expect(callTable).toEqual(Object.fromEntries(callTableEntries()));
    expect(Object.keys(callTable)).toHaveLength(calls.filter((c) => c.kind !== 'planned').length);
  });

  it('reads back every mark of its compact form, including ones no call has today', () => {
    const unusual: [string, CallEntry] = [
      'Driver/Unusual',
      {
        path: '/elsewhere/Unusual',
        methods: ['GET', 'POST'],
        kind: 'flat',
        subject: 'Driver',
        verb: 'delete',
        alsoFor: 'DriverApp',
        isPublic: true,
        upload: 'receipt',
      },
    ];
    const entries = [...callTableEntries(), unusual];
    expect(decodeCallTable(callTableGroups(entries))).toEqual(Object.fromEntries(entries));
  });

  it('loads each built call’s own input schema from the module that declares it', async () => {
    const built = calls.filter((c) => c.kind !== 'planned');
    expect([...inputCallNames].sort()).toEqual(built.map((c) => c.name).sort());
    for (const call of built) expect(await loadInput(call.name as BuiltName), call.name).toBe(call.input);
  });
});

describe('the OpenAPI document', () => {
  const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it('is OpenAPI 3.1 with a path per call', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const call of calls) {
      for (const method of call.methods) expect(doc.paths[call.path]?.[method.toLowerCase()], call.name).toBeDefined();
    }
  });

  it('describes the sign-in body and the 501 of planned calls', () => {
    const signIn = doc.paths['/UserLogin/UserSignIn']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(signIn.requestBody.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'isRememberMe', 'systemID', 'isDriverinWebView']),
    );
    const planned = calls.find((c) => c.kind === 'planned');
    if (planned) {
      const op = doc.paths[planned.path]?.post as { responses: Record<string, unknown> };
      expect(Object.keys(op.responses)).toEqual(['501']);
    }
  });
});
