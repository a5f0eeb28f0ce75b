import { schemas } from '@cabdesk/contract';
import type { TFunction } from 'i18next';

/** The kinds of lost item in the viewer's language, in the contract's order. */
export const categoryOptions = (t: TFunction) =>
  schemas.lostItemCategories.map(([code, name]) => ({ value: code, label: t(`lost-found.category.${code}`, name) }));
