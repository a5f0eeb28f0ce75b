export type Shortcut =
  | { kind: 'focusSearch' }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'pick'; index: number }
  | { kind: 'allocate' }
  | { kind: 'offer' }
  | { kind: 'unallocate' }
  | { kind: 'newBooking' }
  | { kind: 'help' };

/** The keys, in the order the help lists them. */
export const shortcutKeys = ['/', '↑ ↓', 'Enter', '1 … 9', 'A', 'O', 'U', 'N', 'Esc', '?'] as const;

/** Where typing happens: no shortcut may take a key from there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return Boolean(el.closest('input, textarea, select, [contenteditable="true"], [role="combobox"], [role="listbox"]'));
}

/** The board's shortcut for a key press, or null when the key is not one (or someone is typing). */
export function shortcutOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'repeat'>,
): Shortcut | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  switch (e.key) {
    case '/':
      return { kind: 'focusSearch' };
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    case 'Enter':
      return e.repeat ? null : { kind: 'open' };
    case 'Escape':
      return { kind: 'close' };
    case '?':
      return { kind: 'help' };
  }
  if (e.repeat) return null;
  if (/^[1-9]$/.test(e.key)) return { kind: 'pick', index: Number(e.key) - 1 };
  switch (e.key.toLowerCase()) {
    case 'a':
      return { kind: 'allocate' };
    case 'o':
      return { kind: 'offer' };
    case 'u':
      return { kind: 'unallocate' };
    case 'n':
      return { kind: 'newBooking' };
  }
  return null;
}
