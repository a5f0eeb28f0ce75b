import { schemas } from '@cabdesk/contract';
import type { TFunction } from 'i18next';

/** Incident categories in the viewer's language, in the contract's order. */
export const incidentCategoryOptions = (t: TFunction) =>
  schemas.incidentCategories.map((code) => ({
    value: code,
    label: t(`incidents.category.${code}`, schemas.incidentCategoryLabels[code]),
  }));
