import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MoneyPage = lazy(() => import('./MoneyPage').then((m) => ({ default: m.MoneyPage })));
const ExpensesPage = lazy(() => import('./ExpensesPage').then((m) => ({ default: m.ExpensesPage })));
const AdjustmentsPage = lazy(() => import('./AdjustmentsPage').then((m) => ({ default: m.AdjustmentsPage })));

export const moneyRoutes: RouteObject[] = [
  { path: 'money', element: <MoneyPage /> },
  { path: 'money/expenses', element: <ExpensesPage /> },
  { path: 'money/adjustments', element: <AdjustmentsPage /> },
];
