import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/finance/credit-notes',
    subject: 'CreditNote',
    page: lazy(() => import('./CreditNotesPage').then((m) => ({ default: m.CreditNotesPage }))),
  },
];
