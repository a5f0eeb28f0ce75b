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

// The feature words arrive in their own module in the app (i18n/index.ts); screens under test
// read them at once, as they do once the app has started.
const { featureWords } = await import('../src/i18n');
await featureWords('en');
export {};
