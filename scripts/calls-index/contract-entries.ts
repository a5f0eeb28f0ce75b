/**
 * Where each call is declared in the contract: the property of an `area(name, options, { … })`
 * call, found by reading the source (the contract's values at run time do not know their lines).
 */
import ts from 'typescript';
import type { ContractEntry, Named } from './model';
import { placeOf, propertyNameText, topLevelInitializer, unwrap } from './syntax';

/** The contract's own builders; any other function that makes a definition is a helper worth naming. */
const builders = new Set(['area', 'list', 'read', 'mutation', 'flat', 'planned']);

export function findContractEntries(
  sources: readonly ts.SourceFile[],
  relative: (fileName: string) => string,
): Map<string, ContractEntry> {
  const found = new Map<string, ContractEntry>();
  for (const source of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isAreaCall(node)) {
        const [nameArg, , defsArg] = node.arguments;
        const area = nameArg && ts.isStringLiteralLike(nameArg) ? nameArg.text : undefined;
        if (area !== undefined && defsArg) {
          for (const property of propertiesOf(defsArg, source)) {
            const action = property.name && propertyNameText(property.name);
            if (action === undefined) continue;
            const helper = ts.isPropertyAssignment(property)
              ? helperOf(property.initializer, source, relative)
              : undefined;
            found.set(area === '' ? action : `${area}/${action}`, {
              at: placeOf(property, relative),
              ...(helper ? { helper } : {}),
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function isAreaCall(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === 'area' && call.arguments.length >= 3;
}

/** The properties of an object literal, following spreads of other literals declared in the same file. */
function propertiesOf(expr: ts.Expression, source: ts.SourceFile): ts.ObjectLiteralElementLike[] {
  const literal = objectLiteralOf(expr, source);
  if (!literal) return [];
  return literal.properties.flatMap((p) => (ts.isSpreadAssignment(p) ? propertiesOf(p.expression, source) : [p]));
}

function objectLiteralOf(expr: ts.Expression, source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const plain = unwrap(expr);
  if (ts.isObjectLiteralExpression(plain)) return plain;
  const init = ts.isIdentifier(plain) ? topLevelInitializer(source, plain.text) : undefined;
  return init && objectLiteralOf(init, source);
}

/**
 * The helper that built a definition: `lookup(…)` or `{ ...lookup(…), methods }` in place, or
 * `registers.list` where `const registers = crud({…})` — then the line where the helper was invoked.
 */
function helperOf(expr: ts.Expression, source: ts.SourceFile, relative: (f: string) => string): Named | undefined {
  const plain = unwrap(expr);
  if (ts.isCallExpression(plain) && ts.isIdentifier(plain.expression)) {
    return builders.has(plain.expression.text)
      ? undefined
      : { name: `${plain.expression.text}()`, at: placeOf(plain, relative) };
  }
  if (ts.isPropertyAccessExpression(plain) && ts.isIdentifier(plain.expression)) {
    const init = topLevelInitializer(source, plain.expression.text);
    return init ? helperOf(init, source, relative) : undefined;
  }
  if (ts.isIdentifier(plain)) {
    const init = topLevelInitializer(source, plain.text);
    return init ? helperOf(init, source, relative) : undefined;
  }
  if (ts.isObjectLiteralExpression(plain)) {
    for (const p of plain.properties) {
      const helper = ts.isSpreadAssignment(p) ? helperOf(p.expression, source, relative) : undefined;
      if (helper) return helper;
    }
  }
  return undefined;
}
