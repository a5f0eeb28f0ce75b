import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DriverChatPage = lazy(() => import('./DriverChatPage').then((m) => ({ default: m.DriverChatPage })));

export const chatRoutes: RouteObject[] = [{ path: 'chat', element: <DriverChatPage /> }];
