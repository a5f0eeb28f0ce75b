import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * The documents' typeface: DejaVu Sans Condensed (about Helvetica's width, so the columns keep their
 * text), from the npm package dejavu-fonts-ttf (Bitstream Vera licence:
 * free to embed). It covers Latin with every accent, Greek, Cyrillic and more, so names such as
 * "Łódź", "Ελληνικά", "Київ" or "Dvořák" print as written; pdfkit embeds only the glyphs a document
 * uses (a subset), so a page stays small.
 */

export const BODY_FONT = 'DejaVuSansCondensed';
export const BOLD_FONT = 'DejaVuSansCondensed-Bold';

const load = createRequire(import.meta.url);

/** The part of fontkit (pdfkit's own font reader, which ships no types) the documents use. */
interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const fontkit = load('fontkit') as { create(bytes: Buffer): GlyphCoverage };

export interface FontFiles {
  regular: Buffer;
  bold: Buffer;
}

let files: FontFiles | null = null;

/** The two font files, read once from the package (never fetched). */
export function fontFiles(): FontFiles {
  files ??= {
    regular: readFileSync(load.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(load.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return files;
}

let coverage: GlyphCoverage | null = null;
const known = new Map<number, boolean>();

/** Whether the typeface draws the character (both faces cover the same characters). */
export function fontHas(codePoint: number): boolean {
  let has = known.get(codePoint);
  if (has === undefined) {
    coverage ??= fontkit.create(fontFiles().regular);
    has = coverage.hasGlyphForCodePoint(codePoint);
    known.set(codePoint, has);
  }
  return has;
}
