import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressView } from './useAddressView';

interface View {
  from: string;
  to: string;
  client: string;
}
const read = (p: URLSearchParams): View => ({
  from: p.get('from') ?? '',
  to: p.get('to') ?? '',
  client: p.get('client') ?? '',
});
const write = (v: View) => {
  const out = new URLSearchParams();
  for (const [k, value] of Object.entries(v)) if (value) out.set(k, value);
  return out;
};

function renderAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [view, change] = useAddressView(read, write);
      return { view, change, navigate: useNavigate(), search: useLocation().search };
    },
    { wrapper },
  );
}

describe('a view kept in the address', () => {
  it('keeps every change made before the address is drawn again', () => {
    const { result } = renderAt('/list');
    act(() => {
      result.current.change((v) => ({ ...v, from: '2026-11-16' }));
      result.current.change((v) => ({ ...v, to: '2026-11-22' }));
      result.current.change((v) => ({ ...v, client: '41' }));
    });
    expect(result.current.search).toBe('?from=2026-11-16&to=2026-11-22&client=41');
    expect(result.current.view).toEqual({ from: '2026-11-16', to: '2026-11-22', client: '41' });
  });

  it('takes an address it did not write (a link, the back button) as the view the next change builds on', () => {
    const { result } = renderAt('/list?from=2026-01-01');
    act(() => result.current.change((v) => ({ ...v, to: '2026-01-31' })));
    act(() => void result.current.navigate('/list?client=7'));
    expect(result.current.view).toEqual({ from: '', to: '', client: '7' });
    act(() => result.current.change((v) => ({ ...v, from: '2026-02-01' })));
    expect(result.current.search).toBe('?from=2026-02-01&client=7');
  });
});
