import { type ReactNode, use } from 'react';
import { useTranslation } from 'react-i18next';
import { featureWords, hasFeatureWords } from './index';

/**
 * Renders its children once the feature words of the language in use are loaded (suspends until
 * then; a language picked later is loaded before it is switched to, so only the start waits).
 */
export function FeatureWordsReady({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!hasFeatureWords(i18n.language)) use(featureWords(i18n.language));
  return children;
}
