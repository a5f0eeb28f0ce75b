import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/documents',
    subject: 'Document',
    page: lazy(() => import('./DocumentsPage').then((m) => ({ default: m.DocumentsPage }))),
  },
];
