import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError } from '../../../api/errors';
import '../../../i18n';

/** Calls the screens made, and the answers the fake server gives, per call name. */
export const calls: { name: string; input: Record<string, unknown> }[] = [];
export const answers: Record<string, (input: Record<string, unknown>) => unknown> = {};

export function resetServer(next: Record<string, (input: Record<string, unknown>) => unknown>) {
  calls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  Object.assign(answers, next);
}

export const callsOf = (name: string) => calls.filter((c) => c.name === name);

/** Stands in for api/client: `vi.mock('<path>/api/client', () => import('<path>/test-utils').then((m) => m.clientMock))`. */
export const clientMock = {
  callApi: async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new ApiError(501, `${name} is not implemented yet.`);
    return answer(input);
  },
  refreshOnce: async () => false,
  onSessionEnded: () => () => undefined,
};

export const list = <T,>(rows: T[]) => ({ data: rows, allData: rows, total: rows.length ? 1 : 0, count: rows.length });
export const done = <T,>(data: T) => ({ code: 200, message: 'Saved.', data });

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.hash}</div>;
}

/** One screen at its address, with the address shown so navigation can be checked. */
export function renderScreen(element: ReactNode, path = '/driver/screen') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split('#')[0]} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
