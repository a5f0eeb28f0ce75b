import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

/** Finance → Driver pay → Pay models: the models, one model's rules, and which model pays each driver. */
export const pages: FeaturePage[] = [
  {
    path: '/driver-pay/rules',
    subject: 'DriverPayRule',
    page: lazy(() => import('./PayModelsPage').then((m) => ({ default: m.PayModelsPage }))),
  },
  {
    path: '/driver-pay/rules/assignments',
    subject: 'DriverPayRule',
    page: lazy(() => import('./AssignmentsPage').then((m) => ({ default: m.AssignmentsPage }))),
  },
  {
    path: '/driver-pay/rules/:id',
    subject: 'DriverPayRule',
    page: lazy(() => import('./PayModelPage').then((m) => ({ default: m.PayModelPage }))),
  },
];
