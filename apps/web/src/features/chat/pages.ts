import { lazy } from 'react';
import type { FeaturePage } from '../../app/feature-pages';

export const pages: FeaturePage[] = [
  {
    path: '/chat',
    subject: 'Chat',
    page: lazy(() => import('./ChatPage').then((m) => ({ default: m.ChatPage }))),
  },
];
