import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/finance/invoices',
    subject: 'Invoice',
    page: lazy(() => import('./InvoicesPage').then((m) => ({ default: m.InvoicesPage }))),
  },
  {
    path: '/finance/invoices/:id',
    subject: 'Invoice',
    page: lazy(() => import('./InvoicePage').then((m) => ({ default: m.InvoicePage }))),
  },
];
