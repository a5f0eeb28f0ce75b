import { useDirection } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';

/** Spec defaults: vertical menu, expanded, left-to-right. Collapsed state and direction persist. */
export function useMenuCollapsed() {
  return useLocalStorage<boolean>({
    key: 'menuCollapsed',
    defaultValue: false,
    serialize: String,
    deserialize: (v) => v === 'true',
  });
}

export function storedDirection(): 'ltr' | 'rtl' {
  return localStorage.getItem('direction') === 'rtl' ? 'rtl' : 'ltr';
}

export function usePersistedDirection() {
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    document.documentElement.dir = dir;
  }, [dir]);
  const toggle = useCallback(() => {
    const next = dir === 'rtl' ? 'ltr' : 'rtl';
    localStorage.setItem('direction', next);
    setDirection(next);
  }, [dir, setDirection]);
  return { dir, toggle };
}
