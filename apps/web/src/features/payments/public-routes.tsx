import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PayPage = lazy(() => import('./pay/PayPage').then((m) => ({ default: m.PayPage })));

/** `/pay?UKCB#token=…`: the page a payment link opens, without an account. */
export const publicRoutes: RouteObject[] = [{ path: '/pay', element: <PayPage /> }];
