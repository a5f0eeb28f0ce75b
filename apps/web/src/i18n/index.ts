import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Words } from './feature-words';
import de from './locales/de.json';
import en from './locales/en.json';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;
export type Language = (typeof languages)[number]['code'];

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('language') : null;
const isLanguage = (code: string | null): code is Language => languages.some((l) => l.code === code);

/**
 * The shell's words (`i18n/locales`) come with the first page; each feature keeps its words in
 * `features/<name>/locales/<lang>.json`, reached as `<name>.<key>` (a large feature may split them
 * by part: `features/<name>/<part>/locales/<lang>.json` → `<name>.<part>.<key>`). Those arrive in one
 * module per language, loaded for the language in use only; the app waits for them at start
 * (`FeatureWordsReady`) while the start-up loader shows.
 */
const wordModules: Record<Language, () => Promise<{ default: Words }>> = {
  en: () => import('./words-en'),
  de: () => import('./words-de'),
};

const loaded = new Map<string, Promise<void>>();
const ready = new Set<string>();

export const hasFeatureWords = (lang: string) => ready.has(isLanguage(lang) ? lang : 'en');

/** Switches language once its words are there, so the screen never shows bare keys. */
export async function setLanguage(lang: Language): Promise<void> {
  await featureWords(lang);
  await i18n.changeLanguage(lang);
}

/** Loads a language's feature words once; later calls answer the same promise. */
export function featureWords(lang: string): Promise<void> {
  const code: Language = isLanguage(lang) ? lang : 'en';
  let done = loaded.get(code);
  if (!done) {
    done = wordModules[code]().then(({ default: words }) => {
      i18n.addResourceBundle(code, 'translation', words, true, true);
      ready.add(code);
    });
    loaded.set(code, done);
  }
  return done;
}

const initial: Language = isLanguage(stored) ? stored : 'en';
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: initial,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  // Words added later (a language's feature words) show at once.
  react: { bindI18nStore: 'added' },
});
// Started now, so the words load while the start-up loader shows.
void featureWords(initial);
if (initial !== 'en') void featureWords('en');

i18n.on('languageChanged', (lng) => {
  localStorage.setItem('language', lng);
  document.documentElement.lang = lng;
  void featureWords(lng);
});

export default i18n;
