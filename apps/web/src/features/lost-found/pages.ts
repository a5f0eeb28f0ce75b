import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/lost-and-found',
    subject: 'LostAndFound',
    page: lazy(() => import('./LostFoundPage').then((m) => ({ default: m.LostFoundPage }))),
  },
];
