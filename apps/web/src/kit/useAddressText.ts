import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A text field whose value lives in the address (a search). Keystrokes go to the field's own state
 * and reach the address after a pause: the address is drawn in a transition, later than the key, and
 * a field that read its value back from it lost characters typed fast ("13551" became "11"). An
 * address changed from elsewhere (clear filters, a link, the back button) replaces the text.
 */
export function useAddressText(value: string, commit: (text: string) => void, pauseMs = 250) {
  const [text, setText] = useState(value);
  const written = useRef(value);
  const latest = useRef({ text, commit });
  useEffect(() => {
    latest.current = { text, commit };
  });

  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);

  const flush = useCallback(() => {
    const { text: now, commit: write } = latest.current;
    if (now === written.current) return;
    written.current = now;
    write(now);
  }, []);

  useEffect(() => {
    if (text === written.current) return undefined;
    const timer = setTimeout(flush, pauseMs);
    return () => clearTimeout(timer);
  }, [text, pauseMs, flush]);

  return { text, setText, flush };
}
