import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/calendar',
    subject: 'Calendar',
    page: lazy(() => import('./CalendarPage').then((m) => ({ default: m.CalendarPage }))),
  },
];
