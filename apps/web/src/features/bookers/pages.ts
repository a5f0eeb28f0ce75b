import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/bookers',
    subject: 'Booking',
    page: lazy(() => import('./BookersPage').then((m) => ({ default: m.BookersPage }))),
  },
  {
    path: '/repeat-bookings',
    subject: 'Booking',
    page: lazy(() => import('./RepeatBookingsPage').then((m) => ({ default: m.RepeatBookingsPage }))),
  },
];
