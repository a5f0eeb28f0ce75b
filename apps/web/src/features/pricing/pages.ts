import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** The pricing screens' pages (the fixed prices, a part of the feature, have their own `fixed/pages.ts`). */
export const pages: FeaturePage[] = [
  {
    path: '/pricing',
    subject: 'Pricing',
    page: lazy(() => import('./PricingModelsPage').then((m) => ({ default: m.PricingModelsPage }))),
  },
  {
    path: '/pricing/new',
    subject: 'Pricing',
    page: lazy(() => import('./PricingModelPage').then((m) => ({ default: m.NewPricingModelPage }))),
  },
  {
    path: '/pricing/clients',
    subject: 'Pricing',
    page: lazy(() => import('./ClientAssignmentsPage').then((m) => ({ default: m.ClientAssignmentsPage }))),
  },
  {
    path: '/pricing/:id',
    subject: 'Pricing',
    page: lazy(() => import('./PricingModelPage').then((m) => ({ default: m.PricingModelPage }))),
  },
];
