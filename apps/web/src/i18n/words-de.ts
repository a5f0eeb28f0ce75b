import { mergeFeatureWords, type Words } from './feature-words';

const files = import.meta.glob<{ default: Words }>(
  ['../features/*/locales/de.json', '../features/*/*/locales/de.json'],
  { eager: true },
);

export default mergeFeatureWords(files, 'de');
