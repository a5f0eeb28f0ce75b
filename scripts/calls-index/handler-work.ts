/** What does a handler's work: the server function it delegates to, a mechanism, or its own body. */
import ts from 'typescript';
import type { Delegate, Work } from './model';
import {
  calleeName,
  declarationOf,
  lastName,
  nameOf,
  placeOf,
  propertyNameText,
  returnedExpressions,
  unwrap,
} from './syntax';

export interface WorkSearch {
  checker: ts.TypeChecker;
  /** True for the server's own source files (not libraries, not tests): where work may be done. */
  isOwnCode: (fileName: string) => boolean;
  relative: (fileName: string) => string;
}

/** The work of one `'Area/Action': …` property of a handler object. */
export function workOfHandler(property: ts.ObjectLiteralElementLike, search: WorkSearch): Work {
  if (ts.isMethodDeclaration(property)) return mainWork(property, search);
  if (!ts.isPropertyAssignment(property)) return { kind: 'not found' };
  const value = unwrap(property.initializer);
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return mainWork(value, search);
  // `fixedLookup('priority')`: a function made the handler.
  if (ts.isCallExpression(value)) return madeBy(value, search);
  // `'Area/Action': someFunction`: the handler is that function.
  const decl = declarationOf(lastName(value), search.checker);
  return (decl && delegateOf(decl, value, search)) ?? { kind: 'not found' };
}

/** Handlers a call returned (`fixedLookup('priority')`, `...crudHandlers(…)`) are made by that function. */
export function madeBy(call: ts.CallExpression, search: WorkSearch): Work {
  const decl = declarationOf(calleeName(call), search.checker);
  if (!decl || !search.isOwnCode(decl.getSourceFile().fileName)) return { kind: 'not found' };
  return { kind: 'mechanism', name: `${nameOf(decl)}()`, at: placeOf(decl, search.relative) };
}

/**
 * The function a handler delegates to, from its calls in this order: the calls of what it returns,
 * then every call of its body (leaving out the errors it throws). So a guard such as `driverOf(…)`
 * gives way to the returned `statisticsOf(…)`, and a shaping helper of the handler's own file, as
 * in `stored(await recordOwnPositions(…))`, to a function of another file. A handler that queries
 * the database itself, or calls nothing of the server's, does its work inline.
 */
function mainWork(handler: ts.FunctionLikeDeclaration, search: WorkSearch): Work {
  const body = handler.body;
  if (!body) return { kind: 'not found' };
  if (queriesItself(handler)) return { kind: 'inline' };
  const ownFile = search.relative(handler.getSourceFile().fileName);
  const calls = [...(ts.isBlock(body) ? returnedExpressions(body) : [body]), body].flatMap(callsIn);
  let inOwnFile: Delegate | undefined;
  for (const call of calls) {
    const delegate = delegateOfCall(call, handler, search);
    if (delegate && delegate.at.file !== ownFile) return delegate;
    inOwnFile ??= delegate;
  }
  return inOwnFile ?? { kind: 'inline' };
}

/**
 * Whether the handler reads or writes the database itself (`ctx.db.select(…)`): then what else it
 * calls (`recordAudit`, `verifyPassword`, `inMemory`) only helps. Passing `ctx` on is delegating.
 */
function queriesItself(handler: ts.FunctionLikeDeclaration): boolean {
  const ctx = handler.parameters[1]?.name;
  if (!ctx || !ts.isIdentifier(ctx) || !handler.body) return false;
  const isCtxDb = (node: ts.Node) =>
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'db' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === ctx.text;
  const visit = (node: ts.Node): boolean =>
    (ts.isPropertyAccessExpression(node) && isCtxDb(node.expression)) || !!ts.forEachChild(node, visit);
  return visit(handler.body);
}

/** The calls of an expression or block, outer before inner, left to right, not inside `throw`. */
function callsIn(node: ts.Node): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isThrowStatement(n)) return;
    if (ts.isCallExpression(n)) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

function delegateOfCall(call: ts.CallExpression, handler: ts.Node, search: WorkSearch): Delegate | undefined {
  if (!startsInOwnCode(call.expression, search)) return undefined;
  const decl = calleeDeclaration(call.expression, search);
  // A helper declared inside the handler is part of the handler's own body.
  if (!decl || isInside(decl, handler)) return undefined;
  return delegateOf(decl, call.expression, search);
}

/**
 * Whether a callee's chain starts at a top-level name of the server: `register.list` does, while
 * `ctx.db.select().where` (a parameter) and `Promise.all` do not. Checked first because naming a
 * member of a long chain makes the checker infer every type along it, which costs seconds.
 */
function startsInOwnCode(callee: ts.Expression, search: WorkSearch): boolean {
  let head = unwrap(callee);
  while (ts.isPropertyAccessExpression(head) || ts.isElementAccessExpression(head) || ts.isCallExpression(head)) {
    head = unwrap(head.expression);
  }
  if (!ts.isIdentifier(head)) return false;
  const decl = declarationOf(head, search.checker);
  return !!decl && isOwn(decl, search) && !ts.isParameter(decl) && !ts.isBindingElement(decl);
}

/**
 * The declaration a callee names. A member of an object a factory made (`register.list` where
 * `const register = crudHandlers({…})`) is looked up in the object the factory returns, by reading
 * it: asking the checker would infer the factory's whole type first, which also costs seconds.
 */
function calleeDeclaration(callee: ts.Expression, search: WorkSearch): ts.Declaration | undefined {
  const plain = unwrap(callee);
  if (ts.isPropertyAccessExpression(plain) && ts.isIdentifier(plain.expression)) {
    const receiver = declarationOf(plain.expression, search.checker);
    const init = receiver && ts.isVariableDeclaration(receiver) && receiver.initializer && unwrap(receiver.initializer);
    const objects = !init
      ? []
      : ts.isObjectLiteralExpression(init)
        ? [init]
        : ts.isCallExpression(init)
          ? returnedObjects(declarationOf(calleeName(init), search.checker))
          : [];
    const member = objects.map((o) => memberOf(o, plain.name.text)).find(Boolean);
    // `return { list, get }`: the member is the function of that name.
    if (member && ts.isShorthandPropertyAssignment(member)) {
      const value = search.checker.getShorthandAssignmentValueSymbol(member);
      return value?.valueDeclaration ?? value?.declarations?.[0];
    }
    if (member) return member;
  }
  return declarationOf(lastName(plain), search.checker);
}

/** The object literals a function returns (`return { list, get }`, or an arrow's body). */
function returnedObjects(decl: ts.Declaration | undefined): ts.ObjectLiteralExpression[] {
  const fn = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : decl;
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) {
    return [];
  }
  const returned = ts.isBlock(fn.body) ? returnedExpressions(fn.body) : [fn.body];
  return returned.map(unwrap).filter(ts.isObjectLiteralExpression);
}

function memberOf(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === name);
}

/**
 * A declaration as the server function it is: a service; part of a mechanism when it is a member
 * of what another function returned (`crudHandlers().list` for `driverTypeRegister`) or a function
 * another function made (`const listX = lister({…})`). Undefined when it is no function of the server.
 */
function delegateOf(decl: ts.Declaration, callee: ts.Expression, search: WorkSearch): Delegate | undefined {
  if (!isOwn(decl, search)) return undefined;
  const at = placeOf(decl, search.relative);
  const init = (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer;
  const value = init ? unwrap(init) : undefined;
  if (value && ts.isCallExpression(value)) {
    const maker = declarationOf(calleeName(value), search.checker);
    if (!maker || !isOwn(maker, search)) return undefined;
    return {
      kind: 'mechanism',
      name: `${nameOf(maker)}()`,
      at: placeOf(maker, search.relative),
      instance: { name: nameOf(decl), at },
    };
  }
  const isFunction =
    ts.isFunctionDeclaration(decl) ||
    ts.isMethodDeclaration(decl) ||
    (!!value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)));
  if (!isFunction) return undefined;
  const maker = enclosingFunction(decl);
  if (!maker) return { kind: 'service', name: qualifiedName(decl), at };
  // Name the object the factory was called for, when the callee is `register.list`.
  const held = unwrap(callee);
  const receiver = ts.isPropertyAccessExpression(held) ? declarationOf(held.expression, search.checker) : undefined;
  const instance =
    receiver && isOwn(receiver, search)
      ? { name: nameOf(receiver), at: placeOf(receiver, search.relative) }
      : undefined;
  return { kind: 'mechanism', name: `${nameOf(maker)}().${nameOf(decl)}`, at, ...(instance ? { instance } : {}) };
}

function isOwn(decl: ts.Node, search: WorkSearch): boolean {
  return search.isOwnCode(decl.getSourceFile().fileName);
}

/** The function a declaration sits in, when it is not at the top of its file or class. */
function enclosingFunction(decl: ts.Node): ts.Node | undefined {
  for (let node = decl.parent; node; node = node.parent) {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) return node;
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      // An arrow is named by the variable or property that holds it.
      return ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent : node;
    }
  }
  return undefined;
}

function isInside(node: ts.Node, container: ts.Node): boolean {
  return node.getSourceFile() === container.getSourceFile() && node.pos >= container.pos && node.end <= container.end;
}

/** `createDriver`, or `bookingStatusLookups.all` for a function kept in an object or class. */
function qualifiedName(decl: ts.Declaration): string {
  const holder = decl.parent;
  if (ts.isClassLike(holder)) return `${holder.name?.text ?? '(class)'}.${nameOf(decl)}`;
  if (ts.isObjectLiteralExpression(holder) && ts.isVariableDeclaration(holder.parent)) {
    return `${nameOf(holder.parent)}.${nameOf(decl)}`;
  }
  return nameOf(decl);
}
