/** Small readings of TypeScript syntax shared by the contract and handler searches. */
import ts from 'typescript';
import type { Place } from './model';

/** The 1-based line a node starts on, in a file named relative to the repository. */
export function placeOf(node: ts.Node, relative: (fileName: string) => string): Place {
  const source = node.getSourceFile();
  return {
    file: relative(source.fileName),
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
  };
}

/** Strips what does not change which value an expression is: parentheses, `as`, `satisfies`, `!`, `await`. */
export function unwrap(expr: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isAwaitExpression(expr)
  ) {
    expr = expr.expression;
  }
  return expr;
}

/** The text of a property name written as an identifier or a string; undefined when computed. */
export function propertyNameText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The initializer of a top-level `const name = …` of a file. */
export function topLevelInitializer(source: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.name.text === name) return decl.initializer;
    }
  }
  return undefined;
}

/** The expressions a block returns, leaving out nested functions (their returns are theirs). */
export function returnedExpressions(block: ts.Block): ts.Expression[] {
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(block, visit);
  return out;
}

/** The declaration a name refers to, through imports. */
export function declarationOf(node: ts.Node, checker: ts.TypeChecker): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

/** The name an expression ends in: `listDrivers`, or `list` in `register.list`. */
export function lastName(expr: ts.Expression): ts.Node {
  const plain = unwrap(expr);
  return ts.isPropertyAccessExpression(plain) ? plain.name : plain;
}

/** The name a call calls: `listDrivers` in `listDrivers(…)`, `list` in `register.list(…)`. */
export function calleeName(call: ts.CallExpression): ts.Node {
  return lastName(call.expression);
}

export function nameOf(decl: ts.Node): string {
  const name = (decl as { name?: ts.Node }).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) ? name.text : '(anonymous)';
}
