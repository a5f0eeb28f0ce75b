/**
 * The browser pieces Mantine and the screens reach for that jsdom lacks; loaded before every web test
 * file (vitest.config.ts `setupFiles`).
 */
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};
// Autosized text areas listen for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};

// findBy… and waitFor wait up to 5 s, not 1 s: CI runs on two shared cores, and a screen that is
// slow there is not a failure of the screen.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 5000 });

// The feature words arrive in their own module in the app (i18n/index.ts); screens under test
// read them at once, as they do once the app has started.
const { featureWords } = await import('../src/i18n');
await featureWords('en');
export {};
