/**
 * Colours that stay readable: WCAG 2.x contrast, and shades of a company's colour derived so that
 * text in it, and text on it, reach AA (4.5:1) on the theme's backgrounds. Pure functions, used by
 * the server (the company look, e-mails) and the web theme alike.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** AA for normal text. */
export const AA_TEXT = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** `#1a2b3c` or `#abc` → channels 0–255; anything else → null. */
export function parseHex(hex: string): Rgb | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const long = short ? null : /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const parts = short ? short.slice(1).map((c) => c + c) : long?.slice(1);
  if (!parts) return null;
  const [r, g, b] = parts.map((p) => Number.parseInt(p, 16)) as [number, number, number];
  return { r, g, b };
}

function hexOf(colour: string): Rgb {
  const rgb = parseHex(colour);
  if (!rgb) throw new Error(`Not a colour: ${colour}`);
  return rgb;
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(colour: string): number {
  const { r, g, b } = hexOf(colour);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `a` mixed with `b`: 0 is all `a`, 1 all `b`. */
export function mix(a: string, b: string, amount: number): string {
  const [x, y] = [hexOf(a), hexOf(b)];
  return toHex({
    r: x.r + (y.r - x.r) * amount,
    g: x.g + (y.g - x.g) * amount,
    b: x.b + (y.b - x.b) * amount,
  });
}

/** White or black, whichever reads better on the colour (always at least 4.58:1). */
export function textOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}

/**
 * The colour, darkened towards black or lightened towards white just enough to reach `ratio`
 * against every background; the colour itself when it already does. Mixing with black or white
 * keeps the hue. Always succeeds for ratios up to 4.5 on backgrounds no darker than #767676 (when
 * darkening) or no lighter than it (when lightening), since black and white themselves get there.
 */
export function readableOn(colour: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  const worst = (c: string) => Math.min(...backgrounds.map((bg) => contrastRatio(c, bg)));
  if (worst(colour) >= ratio) return colour;
  const meanLuminance = backgrounds.reduce((sum, bg) => sum + luminance(bg), 0) / backgrounds.length;
  const towards = meanLuminance > 0.18 ? '#000000' : '#ffffff';
  let [low, high] = [0, 1];
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (worst(mix(colour, towards, mid)) >= ratio) high = mid;
    else low = mid;
  }
  return mix(colour, towards, high);
}

/** Mantine's light and dark surfaces that text sits on (body, cards, hovered rows, menus). */
export const LIGHT_SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const;
export const DARK_SURFACES = ['#1f1f1f', '#242424', '#2e2e2e', '#3b3b3b'] as const;

export interface CompanyPalette {
  /** Ten shades from lightest to darkest; the company's own colour is shade 6. */
  shades: [string, string, string, string, string, string, string, string, string, string];
  /** The company's colour as a filled background (buttons, active items): the colour itself. */
  filled: string;
  /** Text on `filled`: white or black, whichever reaches 4.5:1. */
  onFilled: '#ffffff' | '#000000';
  /** The colour as text in the light theme (links, outlined buttons, tinted badges). */
  lightText: string;
  /** The light theme's tint of the colour (a light badge or the active menu item's background). */
  lightTint: string;
  /** The colour as text in the dark theme. */
  darkText: string;
  /** The dark theme's tint of the colour. */
  darkTint: string;
}

/**
 * The shades a company's colour needs so that every use of it reads at AA in both themes: the
 * colour stays itself as a fill, with white or black text on it; as text it is darkened (light
 * theme) or lightened (dark theme) until it reaches 4.5:1 on every surface and on its own tint.
 */
export function companyPalette(colour: string): CompanyPalette {
  const base = toHex(hexOf(colour));
  const lighter = [0.93, 0.85, 0.72, 0.56, 0.38, 0.18].map((t) => mix(base, '#ffffff', t));
  const darker = [0.15, 0.3, 0.45].map((t) => mix(base, '#000000', t));
  const shades = [...lighter.slice(0, 6), base, ...darker] as CompanyPalette['shades'];
  const lightTint = shades[1];
  const darkTint = mix(base, '#242424', 0.8);
  return {
    shades,
    filled: base,
    onFilled: textOn(base),
    lightText: readableOn(base, [...LIGHT_SURFACES, shades[0], lightTint]),
    lightTint,
    darkText: readableOn(base, [...DARK_SURFACES, darkTint]),
    darkTint,
  };
}
