/** "Amira Khan" → "AK": first and last word; a single word gives its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : name.trim().slice(0, 2);
  return letters.toUpperCase();
}
