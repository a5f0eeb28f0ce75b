import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findContractEntries } from './contract-entries';
import { findHandlers } from './handler-entries';
import type { IndexedCall } from './model';
import { renderCallsIndex, renderRow } from './render';
import { namesIn } from './test-mentions';

/** A small server in memory: a shared register mechanism, handler factories and plain services. */
const server: Record<string, string> = {
  '/srv/src/context.ts': `export function handlers<T>(h: T): T { return h; }`,
  '/srv/src/crud.ts': [
    `export function crudHandlers(def: { noun: string }) {`,
    `  return {`,
    `    async list(ctx: unknown, input: unknown) { return [def.noun, ctx, input]; },`,
    `  };`,
    `}`,
    `export const fixedLookup = (name: string) => async (input: unknown) => [name, input];`,
    `export function registerHandlers<const A extends string>(area: A) {`,
    `  return { [area + '/GetTableSummary']: () => [] } as unknown as { [K in \`\${A}/GetTableSummary\`]: () => unknown[] };`,
    `}`,
  ].join('\n'),
  '/srv/src/things.ts': [
    `import { crudHandlers } from './crud';`,
    `export const thingRegister = crudHandlers({ noun: 'Thing' });`,
    `export async function createThing(ctx: unknown, input: unknown) { return [ctx, input]; }`,
    `export async function thingOf(ctx: unknown, id: number) { return [ctx, id]; }`,
    `export async function thingStatistics(ctx: unknown, id: number) { return [ctx, id]; }`,
  ].join('\n'),
  '/srv/src/handlers.ts': [
    `import { handlers } from './context';`,
    `import { fixedLookup, registerHandlers } from './crud';`,
    `import { createThing, thingOf, thingRegister, thingStatistics } from './things';`,
    `const answered = (data: unknown) => ({ data, message: 'Done.' });`,
    `export const thingHandlers = handlers({`,
    `  'Thing/Create': (input: unknown, ctx: unknown) => createThing(ctx, input),`,
    `  'Thing/Statistics': async (input: { id: number }, ctx: unknown) => {`,
    `    await thingOf(ctx, input.id);`,
    `    return thingStatistics(ctx, input.id);`,
    `  },`,
    `  'Thing/Answered': async (input: unknown, ctx: unknown) => answered(await createThing(ctx, input)),`,
    `  'Thing/List': (input: unknown, ctx: unknown) => thingRegister.list(ctx, input),`,
    `  'Thing/Kinds': fixedLookup('kind'),`,
    `  'Thing/Queries': async (_input: unknown, ctx: { db: { select(): number[] } }) => answered(ctx.db.select()),`,
    `  'Thing/Inline': async () => ({ data: 1, message: 'Nothing to call.' }),`,
    `  ...registerHandlers('Gen'),`,
    `});`,
  ].join('\n'),
  '/srv/src/index.ts': `import { thingHandlers } from './handlers';\nexport const allHandlers = { ...thingHandlers };`,
};

function inMemoryProgram(files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noLib: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, target) =>
    name in files ? ts.createSourceFile(name, files[name]!, target, true) : undefined;
  host.fileExists = (name) => name in files;
  host.readFile = (name) => files[name];
  host.directoryExists = (dir) => Object.keys(files).some((f) => f.startsWith(`${dir}/`));
  host.getCurrentDirectory = () => '/srv';
  return ts.createProgram({ rootNames: ['/srv/src/index.ts'], options, host });
}

/** The 1-based line of the first line of a file that holds the text. */
function lineOf(file: string, text: string): number {
  return server[`/srv/${file}`]!.split('\n').findIndex((l) => l.includes(text)) + 1;
}

describe('finding handlers and their work', () => {
  const names = ['Create', 'Statistics', 'Answered', 'List', 'Kinds', 'Queries', 'Inline', 'Missing'].map(
    (a) => `Thing/${a}`,
  );
  const found = findHandlers({
    program: inMemoryProgram(server),
    entryFile: '/srv/src/index.ts',
    entryVariable: 'allHandlers',
    callNames: new Set([...names, 'Gen/GetTableSummary']),
    isOwnCode: (f) => f.startsWith('/srv/src/'),
    relative: (f) => f.slice('/srv/'.length),
  });
  const work = (name: string) => found.get(name)?.work;

  it('places each handler on its property, and only calls that have one', () => {
    expect(found.get('Thing/Create')?.at).toEqual({
      file: 'src/handlers.ts',
      line: lineOf('src/handlers.ts', "'Thing/Create'"),
    });
    expect(found.has('Thing/Missing')).toBe(false);
  });

  it('names the service a handler delegates to, past guards and shaping helpers', () => {
    const createThing = { file: 'src/things.ts', line: lineOf('src/things.ts', 'function createThing') };
    expect(work('Thing/Create')).toEqual({ kind: 'service', name: 'createThing', at: createThing });
    expect(work('Thing/Statistics')).toMatchObject({ kind: 'service', name: 'thingStatistics' });
    expect(work('Thing/Answered')).toMatchObject({ kind: 'service', name: 'createThing' });
  });

  it('names the mechanism behind generated handlers and what it was made for', () => {
    expect(work('Thing/List')).toEqual({
      kind: 'mechanism',
      name: 'crudHandlers().list',
      at: { file: 'src/crud.ts', line: lineOf('src/crud.ts', 'async list') },
      instance: {
        name: 'thingRegister',
        at: { file: 'src/things.ts', line: lineOf('src/things.ts', 'thingRegister') },
      },
    });
    expect(work('Thing/Kinds')).toMatchObject({ kind: 'mechanism', name: 'fixedLookup()' });
    expect(found.get('Gen/GetTableSummary')).toEqual({
      at: { file: 'src/handlers.ts', line: lineOf('src/handlers.ts', '...registerHandlers') },
      work: { kind: 'mechanism', name: 'registerHandlers()', at: { file: 'src/crud.ts', line: 7 } },
    });
  });

  it('calls a handler inline when it queries the database itself or calls nothing of the server', () => {
    expect(work('Thing/Queries')).toEqual({ kind: 'inline' });
    expect(work('Thing/Inline')).toEqual({ kind: 'inline' });
  });
});

describe('finding contract entries', () => {
  const source = ts.createSourceFile(
    '/repo/calls.ts',
    [
      `const things = crud({ noun: 'Thing' });`,
      `export const thingCalls = area('Thing', { subject: 'Thing' }, {`,
      `  GetTableSummary: things.list,`,
      `  Kinds: { ...lookup(row), methods: ['GET'] },`,
      `  Create: mutation({ input, output }),`,
      `});`,
      `export const rootCalls = area('', { subject: 'Thing' }, { UpdateBonus: planned() });`,
    ].join('\n'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = findContractEntries([source], (f) => f.slice('/repo/'.length));

  it('places each entry and the helper that built it', () => {
    expect(found.get('Thing/GetTableSummary')).toEqual({
      at: { file: 'calls.ts', line: 3 },
      helper: { name: 'crud()', at: { file: 'calls.ts', line: 1 } },
    });
    expect(found.get('Thing/Kinds')?.helper?.name).toBe('lookup()');
    expect(found.get('Thing/Create')).toEqual({ at: { file: 'calls.ts', line: 5 } });
    expect(found.get('UpdateBonus')?.at.line).toBe(7);
  });
});

describe('names in test strings', () => {
  const names = new Set(['Tag/Create', 'UpdateBonus']);
  it('finds whole call names only', () => {
    expect(namesIn('/Tag/Create', names)).toEqual(['Tag/Create']);
    expect(namesIn('Tag/Create refuses a blank name', names)).toEqual(['Tag/Create']);
    expect(namesIn('DriverTag/Create', names)).toEqual([]);
    expect(namesIn('UpdateBonus answers 501', names)).toEqual(['UpdateBonus']);
  });
});

describe('the page', () => {
  const call = (over: Partial<IndexedCall>): IndexedCall => ({
    name: 'Thing/Create',
    area: 'Thing',
    kind: 'mutation',
    methods: ['POST'],
    path: '/Thing/Create',
    isPublic: false,
    subject: 'Thing',
    verb: 'create',
    tests: [],
    ...over,
  });

  it('marks a planned call as answering 501 and gives it no handler', () => {
    expect(
      renderRow(call({ kind: 'planned', contract: { at: { file: 'packages/contract/src/t/calls.ts', line: 4 } } })),
    ).toEqual([
      '`Thing/Create`',
      'POST',
      'planned (501)',
      '`Thing` create',
      '[t/calls.ts:4](../packages/contract/src/t/calls.ts#L4)',
      '—',
      '—',
      '—',
    ]);
  });

  it('links the work, the second subject and the tests', () => {
    const row = renderRow(
      call({
        alsoFor: 'DriverApp',
        handler: {
          at: { file: 'apps/server/src/domains/t/handlers.ts', line: 9 },
          work: { kind: 'mechanism', name: 'fixedLookup()', at: { file: 'apps/server/src/x.ts', line: 2 } },
        },
        tests: ['apps/server/test/things.test.ts', 'e2e/tests/things.test.ts'],
      }),
    );
    expect(row[1]).toBe('POST');
    expect(row[3]).toBe('`Thing` create (also `DriverApp`)');
    expect(row[6]).toBe('mechanism [`fixedLookup()`](../apps/server/src/x.ts#L2)');
    expect(row[7]).toBe('[things], [e2e/things]');
  });

  it('shows a route that is not the wire name', () => {
    expect(renderRow(call({ methods: ['GET', 'POST'], path: '/api/Thing/Create' }))[1]).toBe(
      'GET, POST `/api/Thing/Create`',
    );
  });

  it('groups by area in name order and defines each test link once', () => {
    const page = renderCallsIndex([
      call({ name: 'Zone/Get', area: 'Zone', tests: ['apps/server/test/things.test.ts'] }),
      call({ tests: ['apps/server/test/things.test.ts'] }),
    ]);
    expect(page.indexOf('## Thing')).toBeLessThan(page.indexOf('## Zone'));
    expect(page.match(/^\[things\]: \.\.\/apps\/server\/test\/things\.test\.ts$/gm)).toHaveLength(1);
  });
});
