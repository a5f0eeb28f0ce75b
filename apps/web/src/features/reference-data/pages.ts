import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/reference-data',
    subject: 'ReferenceData',
    page: lazy(() => import('./ReferenceDataPage').then((m) => ({ default: m.ReferenceDataPage }))),
  },
  {
    path: '/settings/reference-data/:register',
    subject: 'ReferenceData',
    page: lazy(() => import('./RegisterPage').then((m) => ({ default: m.RegisterPage }))),
  },
];
