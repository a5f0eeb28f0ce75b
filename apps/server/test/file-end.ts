/**
 * What a test file opened (apps, databases, mail servers), closed when the file ends. A helper cannot
 * register `afterAll` while the file runs (inside a `beforeAll`) when files share one module graph
 * (the server project runs with `isolate: false`): the hook would not be the file's. So helpers put
 * their closing here, and test/setup-file-end.ts — run for every test file — closes it, the last
 * opened first.
 */
const closings: (() => Promise<void>)[] = [];

export function closeWhenFileEnds(close: () => Promise<void>): void {
  closings.push(close);
}

export async function closeWhatTheFileOpened(): Promise<void> {
  const errors: unknown[] = [];
  while (closings.length) await closings.pop()!().catch((error: unknown) => errors.push(error));
  if (errors.length) throw errors[0];
}
