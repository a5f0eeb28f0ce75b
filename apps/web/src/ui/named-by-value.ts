/**
 * A date picker's button shows its value: its accessible name must contain that text (WCAG 2.5.3,
 * "label in name"), so the name is the label followed by the very text the button shows.
 */
export function namedByValue(label: string, text: string) {
  return { 'aria-label': text ? `${label} ${text}` : label, valueFormatter: () => text };
}
