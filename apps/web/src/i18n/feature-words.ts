/**
 * The words of every feature in one language, merged as `<feature>.<key>` (a large feature's parts
 * as `<feature>.<part>.<key>`). One module per language, loaded when that language is in use: the
 * shell's first page carries only its own words.
 */
export type Words = Record<string, unknown>;

export function mergeFeatureWords(files: Record<string, { default: Words }>, lang: string): Words {
  const merged: Words = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /features\/([^/]+)\/(?:([^/]+)\/)?locales\/([a-z]+)\.json$/.exec(file);
    if (match?.[3] !== lang || !match[1]) continue;
    const feature = match[1];
    const part = match[2];
    if (!part) merged[feature] = { ...(merged[feature] as object | undefined), ...module.default };
    else merged[feature] = { ...(merged[feature] as object | undefined), [part]: module.default };
  }
  return merged;
}
