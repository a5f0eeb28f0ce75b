import type { Plugin } from 'vite';

/**
 * Every lazy import carries the list of files to preload with it, and most lists repeat the files the
 * first page has already loaded (the runtime, Mantine's Box and Text, the hooks): a lazy page can only
 * be opened after the first page ran, so those entries only weigh on the first page. This plugin learns
 * the first page's files (the entry and everything it imports statically) before the lists are written,
 * and `preloadsBeyondFirstPage` leaves them out.
 */
export function firstPagePreloads(): { plugin: Plugin; preloadsBeyondFirstPage: (deps: string[]) => string[] } {
  const firstPage = new Set<string>();
  const plugin: Plugin = {
    name: 'cabdesk:first-page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (firstPage.has(file) || !chunk || chunk.type !== 'chunk') return;
          firstPage.add(file);
          chunk.imports.forEach(visit);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      },
    },
  };
  return { plugin, preloadsBeyondFirstPage: (deps) => deps.filter((dep) => !firstPage.has(dep)) };
}
