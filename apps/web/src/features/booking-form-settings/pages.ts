import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/settings/booking-form',
    subject: 'Settings',
    page: lazy(() => import('./BookingFormSettingsPage').then((m) => ({ default: m.BookingFormSettingsPage }))),
  },
];
