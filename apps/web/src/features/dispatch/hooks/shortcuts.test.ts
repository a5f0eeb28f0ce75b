import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const press = (key: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  shortcutOf({ key, ctrlKey: false, metaKey: false, altKey: false, repeat: false, target, ...extra });

describe('board shortcuts', () => {
  it('maps the documented keys', () => {
    expect(press('/')).toEqual({ kind: 'focusSearch' });
    expect(press('ArrowDown')).toEqual({ kind: 'move', by: 1 });
    expect(press('ArrowUp')).toEqual({ kind: 'move', by: -1 });
    expect(press('Enter')).toEqual({ kind: 'open' });
    expect(press('1')).toEqual({ kind: 'pick', index: 0 });
    expect(press('9')).toEqual({ kind: 'pick', index: 8 });
    expect(press('a')).toEqual({ kind: 'allocate' });
    expect(press('A')).toEqual({ kind: 'allocate' });
    expect(press('o')).toEqual({ kind: 'offer' });
    expect(press('u')).toEqual({ kind: 'unallocate' });
    expect(press('n')).toEqual({ kind: 'newBooking' });
    expect(press('?')).toEqual({ kind: 'help' });
    expect(press('Escape')).toEqual({ kind: 'close' });
    expect(press('0')).toBeNull();
    expect(press('x')).toBeNull();
  });

  it('never fires while typing or with a modifier held', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const combo = document.createElement('div');
    combo.setAttribute('role', 'combobox');
    document.body.append(input, textarea, combo);
    for (const target of [input, textarea, combo]) {
      for (const key of ['a', 'o', 'u', 'n', '/', '1', 'ArrowDown', 'Enter', '?']) {
        expect(press(key, {}, target)).toBeNull();
      }
    }
    expect(press('a', { ctrlKey: true })).toBeNull();
    expect(press('n', { metaKey: true })).toBeNull();
    expect(press('u', { altKey: true })).toBeNull();
  });

  it('does not repeat an action when a key is held down', () => {
    expect(press('a', { repeat: true })).toBeNull();
    expect(press('Enter', { repeat: true })).toBeNull();
    expect(press('ArrowDown', { repeat: true })).toEqual({ kind: 'move', by: 1 });
  });
});
