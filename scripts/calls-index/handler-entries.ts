/**
 * Where each built call's handler is declared, read with the TypeScript checker from the object
 * every handler is merged into (`allHandlers`), following spreads and imports to each domain's
 * `handlers({ 'Area/Action': … })`, whichever files a domain spreads them over.
 */
import ts from 'typescript';
import type { HandlerEntry } from './model';
import { declarationOf, placeOf, propertyNameText, topLevelInitializer, unwrap } from './syntax';
import { madeBy, workOfHandler, type WorkSearch } from './handler-work';

export interface HandlerSearch extends Omit<WorkSearch, 'checker'> {
  program: ts.Program;
  /** The file and the variable that hold every handler. */
  entryFile: string;
  entryVariable: string;
  /** The wire names of the contract: the only keys read, also from handler objects a function made. */
  callNames: ReadonlySet<string>;
}

export function findHandlers(search: HandlerSearch): Map<string, HandlerEntry> {
  const source = search.program.getSourceFile(search.entryFile);
  if (!source) throw new Error(`${search.entryFile} is not part of the program`);
  const entry = topLevelInitializer(source, search.entryVariable);
  if (!entry) throw new Error(`${search.entryFile} declares no ${search.entryVariable}`);
  const found = new Map<string, HandlerEntry>();
  collect(entry, { ...search, checker: search.program.getTypeChecker() }, found);
  return found;
}

type Search = HandlerSearch & WorkSearch;

/** Records every handler an expression adds to the merged object. */
function collect(expr: ts.Expression, search: Search, found: Map<string, HandlerEntry>): void {
  const plain = unwrap(expr);
  if (ts.isObjectLiteralExpression(plain)) {
    for (const property of plain.properties) {
      if (ts.isSpreadAssignment(property)) {
        collect(property.expression, search, found);
        continue;
      }
      const name = propertyNameText(property.name);
      if (name === undefined || !search.callNames.has(name)) continue;
      found.set(name, { at: placeOf(property, search.relative), work: workOfHandler(property, search) });
    }
  } else if (ts.isIdentifier(plain)) {
    const decl = declarationOf(plain, search.checker);
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) collect(decl.initializer, search, found);
  } else if (ts.isCallExpression(plain)) {
    // `handlers({ … })` (platform/http/context.ts) only types its argument.
    const [only] = plain.arguments;
    if (ts.isIdentifier(plain.expression) && plain.expression.text === 'handlers' && only) {
      collect(only, search, found);
      return;
    }
    // Any other call makes handlers (`...crudHandlers(…)`): its keys come from its type, and every
    // one of them points at the call and names the function that made it.
    const work = madeBy(plain, search);
    for (const property of search.checker.getTypeAtLocation(plain).getProperties()) {
      if (search.callNames.has(property.name)) found.set(property.name, { at: placeOf(plain, search.relative), work });
    }
  }
}
