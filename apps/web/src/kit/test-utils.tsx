import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AbilityRule } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AbilityContext, abilityFrom } from '../app/ability';
import '../i18n';

/** The calls a screen made, and the fake server's answers by call name (a throw is a failure). */
export const calls: { name: string; input: Record<string, unknown> }[] = [];
export const answers: Record<string, (input: Record<string, unknown>) => unknown> = {};

export function resetServer(next: Record<string, (input: Record<string, unknown>) => unknown>) {
  calls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  Object.assign(answers, next);
}

/** Stands in for api/client: `vi.mock('../api/client', () => import('./test-utils').then((m) => m.clientMock))`. */
export const clientMock = {
  callApi: async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new Error(`No answer for ${name} in this test.`);
    return answer(input);
  },
};

export const list = <T,>(rows: T[]) => ({ data: rows, allData: rows, total: rows.length ? 1 : 0, count: rows.length });

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

/** One page at its address, for a role with the given rules (everything by default). */
export function renderAt(
  element: ReactNode,
  {
    path = '/',
    at = path,
    rules = [{ action: 'manage', subject: 'all' }],
  }: { path?: string; at?: string; rules?: AbilityRule[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AbilityContext.Provider value={abilityFrom(rules)}>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AbilityContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
