import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/finance/booking-validation',
    subject: 'BookingValidation',
    page: lazy(() => import('./BookingValidationPage').then((m) => ({ default: m.BookingValidationPage }))),
  },
];
