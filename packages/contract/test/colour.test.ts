import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  DARK_SURFACES,
  LIGHT_SURFACES,
  companyPalette,
  contrastRatio,
  mix,
  parseHex,
  readableOn,
  textOn,
} from '../src/colour';

describe('contrast', () => {
  it('reads colours written as #rrggbb or #rgb and nothing else', () => {
    expect(parseHex('#0B7285')).toEqual({ r: 11, g: 114, b: 133 });
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('0b7285')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
    expect(parseHex('red')).toBeNull();
  });

  it('gives the WCAG ratios: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b7285', '#0b7285')).toBe(1);
    // Known pairs: Mantine's grey 6 on white, and the grey WCAG calls the lightest AA grey on white.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('puts white on dark colours and black on light ones, each at 4.5:1 or more', () => {
    expect(textOn('#0b7285')).toBe('#ffffff');
    expect(textOn('#d4af37')).toBe('#000000');
    for (const colour of ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#808080', '#777777', '#7a7a7a']) {
      expect(contrastRatio(colour, textOn(colour))).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('keeps a colour that already reads and darkens or lightens one that does not, keeping its hue', () => {
    expect(readableOn('#0b7285', ['#ffffff'])).toBe('#0b7285');
    const gold = readableOn('#d4af37', LIGHT_SURFACES);
    expect(gold).not.toBe('#d4af37');
    for (const bg of LIGHT_SURFACES) expect(contrastRatio(gold, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    // Only just dark enough: a step lighter would not do.
    expect(Math.min(...LIGHT_SURFACES.map((bg) => contrastRatio(mix(gold, '#ffffff', 0.05), bg)))).toBeLessThan(
      AA_TEXT,
    );
    const navy = readableOn('#1b2a4a', DARK_SURFACES);
    for (const bg of DARK_SURFACES) expect(contrastRatio(navy, bg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('derives a palette whose text shades reach AA on every surface and tint of both themes', () => {
    for (const colour of ['#0b7285', '#d4af37', '#ffff00', '#1b2a4a', '#c92a2a', '#7950f2', '#ffffff', '#000000']) {
      const p = companyPalette(colour);
      expect(p.shades).toHaveLength(10);
      expect(p.shades[6]).toBe(colour);
      expect(p.filled).toBe(colour);
      expect(contrastRatio(p.filled, p.onFilled)).toBeGreaterThanOrEqual(AA_TEXT);
      for (const bg of [...LIGHT_SURFACES, p.lightTint, p.shades[0]])
        expect(contrastRatio(p.lightText, bg), `${colour} as text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
      for (const bg of [...DARK_SURFACES, p.darkTint])
        expect(contrastRatio(p.darkText, bg), `${colour} as dark-theme text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
