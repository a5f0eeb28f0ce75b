import { describe, expect, it } from 'vitest';
import { defaultPeriod, keyAction, listInput, readView, typingIn, writeView } from './filters';

const now = new Date(2026, 10, 27, 12);

describe('the view in the address', () => {
  it('opens on jobs to validate of the last week', () => {
    const view = readView(new URLSearchParams(), now);
    expect(view).toMatchObject({ tab: 'toValidate', fromDate: '2026-11-20', toDate: '2026-11-27', page: 0 });
    expect(writeView(view, now).toString()).toBe('');
    expect(defaultPeriod(now)).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-27' });
  });

  it('keeps the tab, filters, search and page, and reads them back the same', () => {
    const view = {
      ...readView(new URLSearchParams(), now),
      tab: 'invalid' as const,
      fromDate: '2026-11-01',
      clientID: 7,
      paymentMethodID: 'account',
      q: 'Acme',
      page: 2,
    };
    const address = writeView(view, now);
    expect(address.toString()).toBe('tab=invalid&from=2026-11-01&client=7&payment=account&q=Acme&page=2');
    expect(readView(address, now)).toEqual(view);
    expect(listInput(view)).toMatchObject({
      tab: 'invalid',
      page: 2,
      perPage: 50,
      fromDate: '2026-11-01',
      toDate: '2026-11-27',
      clientID: 7,
      paymentMethodID: 'account',
      q: 'Acme',
    });
  });

  it('ignores what an edited address spoils', () => {
    const view = readView(new URLSearchParams('tab=done&client=x&page=-3&from=yesterday'), now);
    expect(view).toMatchObject({ tab: 'toValidate', clientID: null, page: 0, fromDate: '' });
  });
});

describe('the keys', () => {
  it('maps J/K, the arrows, V, I, R and Enter', () => {
    expect(['j', 'J', 'ArrowDown'].map(keyAction)).toEqual(['next', 'next', 'next']);
    expect(['k', 'ArrowUp'].map(keyAction)).toEqual(['previous', 'previous']);
    expect(['v', 'i', 'r', 'Enter', 'x'].map(keyAction)).toEqual([
      'validate',
      'invalid',
      'recalculate',
      'accept',
      null,
    ]);
  });

  it('leaves keys typed into a field alone', () => {
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    expect(typingIn(input)).toBe(true);
    expect(typingIn(button)).toBe(true);
    expect(typingIn(document.body)).toBe(false);
  });
});
