import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('language') : null;

/**
 * Each feature keeps its words in `features/<name>/locales/<lang>.json`, reached as `<name>.<key>`; a
 * large feature may split them by part, `features/<name>/<part>/locales/<lang>.json` → `<name>.<part>.<key>`.
 * The shell's own words are in `i18n/locales`.
 */
const featureLocales = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../features/*/locales/*.json', '../features/*/*/locales/*.json'],
  { eager: true },
);
function withFeatures(lang: string, base: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [file, module] of Object.entries(featureLocales)) {
    const match = /features\/([^/]+)\/(?:([^/]+)\/)?locales\/([a-z]+)\.json$/.exec(file);
    if (match?.[3] !== lang || !match[1]) continue;
    const feature = match[1];
    const part = match[2];
    if (!part) merged[feature] = { ...(merged[feature] as object | undefined), ...module.default };
    else merged[feature] = { ...(merged[feature] as object | undefined), [part]: module.default };
  }
  return merged;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: withFeatures('en', en) }, de: { translation: withFeatures('de', de) } },
  lng: stored && languages.some((l) => l.code === stored) ? stored : 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (lng) => {
  localStorage.setItem('language', lng);
  document.documentElement.lang = lng;
});

export default i18n;
