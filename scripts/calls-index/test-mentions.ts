/** Which test files name a call in a string: `call(app, 'Driver/Create', …)`, `'/Driver/Create'`, a test's title. */
import ts from 'typescript';

/** Adds the test file to every call one of its string literals names. */
export function addTestMentions(
  source: ts.SourceFile,
  file: string,
  callNames: ReadonlySet<string>,
  into: Map<string, Set<string>>,
) {
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const name of namesIn(node.text, callNames)) {
        const files = into.get(name) ?? new Set<string>();
        files.add(file);
        into.set(name, files);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * The call names a text holds as whole names: `Tag/Create` is in `/Tag/Create` and in
 * `Tag/Create refuses a blank name`, but not in `DriverTag/Create`.
 */
export function namesIn(text: string, callNames: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  for (const word of text.match(/[\w-]+(?:\/[\w-]+)*/g) ?? []) {
    const parts = word.split('/');
    for (let i = 0; i < parts.length; i++) {
      const pair = `${parts[i]}/${parts[i + 1]}`;
      if (i + 1 < parts.length && callNames.has(pair)) names.add(pair);
      // The one call at the API root has no area.
      if (callNames.has(parts[i]!)) names.add(parts[i]!);
    }
  }
  return [...names];
}
