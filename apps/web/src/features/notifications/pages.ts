import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/outbox',
    subject: 'Booking',
    page: lazy(() => import('./OutboxPage').then((m) => ({ default: m.OutboxPage }))),
  },
];
