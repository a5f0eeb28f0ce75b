/**
 * mantine-datatable shows a column while `matchMedia('')` matches, as it does in every browser (an
 * empty media query matches all); the shared jsdom stand-in answers no to every query, which leaves
 * the table's cells out. The screens' tests that read rows answer as a browser does.
 */
export function emptyQueryMatches() {
  const plain = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...plain(query), matches: query === '' })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = plain;
  };
}
