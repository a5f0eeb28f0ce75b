import { useEffect, useEffectEvent } from 'react';
import { type Shortcut, shortcutOf } from './shortcuts';

/**
 * Listens for the board's shortcuts on the whole page. A key that is a shortcut does only that
 * (no page scroll on ↑/↓); keys pressed in a field, a dropdown or with a modifier are left alone.
 */
export function useBoardKeys(handle: (shortcut: Shortcut) => void, enabled = true): void {
  const onShortcut = useEffectEvent(handle);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      // A focused button, link or tab keeps its own Enter.
      if (e.key === 'Enter' && (e.target as HTMLElement | null)?.closest?.('button, a, [role="tab"]')) return;
      const shortcut = shortcutOf(e);
      if (!shortcut) return;
      e.preventDefault();
      onShortcut(shortcut);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
