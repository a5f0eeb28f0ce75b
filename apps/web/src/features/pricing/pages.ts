import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** The pricing screens' own pages, and those of its parts (`fixed/pages.ts`). */
const parts = import.meta.glob<{ pages: FeaturePage[] }>('./*/pages.ts', { eager: true });

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
  ...Object.values(parts).flatMap((m) => m.pages),
];
