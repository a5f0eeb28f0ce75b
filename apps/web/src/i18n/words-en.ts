import { mergeFeatureWords, type Words } from './feature-words';

const files = import.meta.glob<{ default: Words }>(
  ['../features/*/locales/en.json', '../features/*/*/locales/en.json'],
  { eager: true },
);

export default mergeFeatureWords(files, 'en');
