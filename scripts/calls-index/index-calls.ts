/** Gathers the index from the repository: the contract's calls, their entries, handlers and tests. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { allCalls } from '@cabdesk/contract';
import { findContractEntries } from './contract-entries';
import { findHandlers } from './handler-entries';
import type { IndexedCall } from './model';
import { addTestMentions } from './test-mentions';

const contractSources = 'packages/contract/src';
const serverSources = 'apps/server/src';
const serverConfig = 'apps/server/tsconfig.json';
const mergedHandlers = { file: 'apps/server/src/domains/index.ts', variable: 'allHandlers' };
const testFolders = ['apps/server/test', 'apps/server/src', 'e2e/tests'];
const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

export function indexCalls(root: string): IndexedCall[] {
  const relative = (fileName: string) => path.relative(root, fileName).split(path.sep).join('/');
  const callNames = new Set(allCalls.map((c) => c.name));

  const contract = findContractEntries(
    filesUnder(root, contractSources)
      .filter((f) => f.endsWith('.ts') && !isTestFile(f))
      .map((f) => parse(root, f)),
    relative,
  );

  const handlers = findHandlers({
    program: serverProgram(root),
    entryFile: path.join(root, mergedHandlers.file),
    entryVariable: mergedHandlers.variable,
    callNames,
    isOwnCode: (fileName) => {
      const file = relative(fileName);
      return file.startsWith(`${serverSources}/`) && !isTestFile(file);
    },
    relative,
  });

  const mentions = new Map<string, Set<string>>();
  for (const folder of testFolders) {
    for (const file of filesUnder(root, folder).filter(isTestFile)) {
      addTestMentions(parse(root, file), file, callNames, mentions);
    }
  }

  return allCalls.map((call) => ({
    name: call.name,
    area: call.area,
    kind: call.kind,
    methods: call.methods,
    path: call.path,
    isPublic: call.isPublic,
    subject: call.subject,
    ...(call.alsoFor ? { alsoFor: call.alsoFor } : {}),
    verb: call.verb,
    contract: contract.get(call.name),
    handler: call.kind === 'planned' ? undefined : handlers.get(call.name),
    tests: [...(mentions.get(call.name) ?? [])].sort(),
  }));
}

/** The server's code as the checker sees it, from the file that merges every handler. */
function serverProgram(root: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, serverConfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${serverConfig}`);
  return ts.createProgram({ rootNames: [path.join(root, mergedHandlers.file)], options: config.options });
}

function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(
    path.join(root, file),
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
}

/** Files below a folder, relative to the root, in a fixed order. */
function filesUnder(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
