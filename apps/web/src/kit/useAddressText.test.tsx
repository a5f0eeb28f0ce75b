import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAddressText } from './useAddressText';

/**
 * A search field over an "address" that takes its writes late, as the router draws them in a
 * transition: every write lands 100 ms after it was made.
 */
function Search({ onAddress }: { onAddress: (q: string) => void }) {
  const [address, setAddress] = useState('');
  const search = useAddressText(address, (q) =>
    setTimeout(() => {
      setAddress(q);
      onAddress(q);
    }, 100),
  );
  return (
    <>
      <input aria-label="Search" value={search.text} onChange={(e) => search.setText(e.currentTarget.value)} />
      <button onClick={() => setAddress('')}>Clear filters</button>
      <button onClick={search.flush}>Enter</button>
    </>
  );
}

const typeFast = (field: HTMLElement, text: string) => {
  let value = '';
  for (const c of text) {
    value += c;
    fireEvent.change(field, { target: { value } });
    act(() => vi.advanceTimersByTime(30));
  }
};

describe('a text field kept in the address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps every character typed faster than the address follows, and writes the whole text once', () => {
    const written: string[] = [];
    render(<Search onAddress={(q) => written.push(q)} />);
    const field = screen.getByLabelText('Search');
    typeFast(field, '13551');
    act(() => vi.advanceTimersByTime(1000));
    expect((field as HTMLInputElement).value).toBe('13551');
    expect(written).toEqual(['13551']);
  });

  it('writes at once when asked (Enter), and takes an address changed elsewhere', () => {
    const written: string[] = [];
    render(<Search onAddress={(q) => written.push(q)} />);
    const field = screen.getByLabelText('Search');
    fireEvent.change(field, { target: { value: 'Savoy' } });
    fireEvent.click(screen.getByText('Enter'));
    act(() => vi.advanceTimersByTime(150));
    expect(written).toEqual(['Savoy']);
    fireEvent.click(screen.getByText('Clear filters'));
    expect((field as HTMLInputElement).value).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(written).toEqual(['Savoy']);
  });
});
