import {
  type CSSVariablesResolver,
  DEFAULT_THEME,
  type MantineColorsTuple,
  createTheme,
  localStorageColorSchemeManager,
} from '@mantine/core';
import { DARK_SURFACES, LIGHT_SURFACES, companyPalette, mix, readableOn } from '@cabdesk/contract/colour';

/** The product's own colour, for a company that chose none. */
export const DEFAULT_PRIMARY = '#0b7285';

/**
 * The theme in a company's colour (`brand`, shade 6 is the colour itself). Filled parts take white
 * or black text, whichever reads better: `autoContrast` with the luminance at which the two read
 * alike (0.179), so no filled badge or button falls under 4.5:1.
 */
export function companyTheme(primaryColor: string = DEFAULT_PRIMARY, closeLabel = 'Close') {
  const palette = companyPalette(primaryColor);
  return createTheme({
    colors: { brand: palette.shades as unknown as MantineColorsTuple },
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    autoContrast: true,
    luminanceThreshold: 0.179,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      // Every dialog's and drawer's ✕ has a name (axe: a button without text), in the reader's language.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // A notice's text under its title is Mantine's grey 6 (3.3:1 on white): the readable dimmed grey.
      // Its ✕ has a name whoever shows it (a dispatch alert once had none).
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
    },
  });
}

/** Mantine's colours other than the greys, whose text and tinted shades are checked below. */
const namedColours = Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'dark' && c !== 'gray');

/**
 * Every colour used as text reaches 4.5:1 where it sits (WCAG 2.2 AA): the company's colour through
 * its derived shades, and each of Mantine's colours as plain text (`c="green"`) on the surfaces and as
 * the text of its own tint (light badges, alerts). Shades that already read are kept as they are.
 */
export function companyVariables(primaryColor: string = DEFAULT_PRIMARY): CSSVariablesResolver {
  const palette = companyPalette(primaryColor);
  const light: Record<string, string> = {
    // Mantine's dimmed grey on white is 3.3:1; this one is 5.2:1 and still reads as secondary.
    '--mantine-color-dimmed': '#656c74',
    '--mantine-color-placeholder': readableOn('#adb5bd', LIGHT_SURFACES),
    '--mantine-primary-color-contrast': palette.onFilled,
    '--mantine-color-anchor': palette.lightText,
    '--mantine-color-brand-text': palette.lightText,
    '--mantine-color-brand-outline': palette.lightText,
    '--mantine-color-brand-light': palette.lightTint,
    '--mantine-color-brand-light-color': palette.lightText,
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn('#828282', DARK_SURFACES),
    '--mantine-color-placeholder': readableOn('#696969', DARK_SURFACES),
    '--mantine-primary-color-contrast': palette.onFilled,
    '--mantine-color-anchor': palette.darkText,
    '--mantine-color-brand-text': palette.darkText,
    '--mantine-color-brand-outline': palette.darkText,
    '--mantine-color-brand-light': palette.darkTint,
    '--mantine-color-brand-light-color': palette.darkText,
  };
  // Field errors: Mantine's red 6 is 3.3:1 on white.
  light['--mantine-color-error'] = readableOn(DEFAULT_THEME.colors.red[6], LIGHT_SURFACES);
  dark['--mantine-color-error'] = readableOn(DEFAULT_THEME.colors.red[4], DARK_SURFACES);
  for (const name of namedColours) {
    const shades = DEFAULT_THEME.colors[name]!;
    light[`--mantine-color-${name}-text`] = readableOn(shades[6], LIGHT_SURFACES);
    light[`--mantine-color-${name}-outline`] = readableOn(shades[6], LIGHT_SURFACES);
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], ['#ffffff', shades[1], shades[2]]);
    const darkTint = mix(shades[9], '#000000', 0.5);
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_SURFACES);
    dark[`--mantine-color-${name}-outline`] = readableOn(shades[4], DARK_SURFACES);
    dark[`--mantine-color-${name}-light-color`] = readableOn(shades[0], [darkTint, mix(shades[9], '#000000', 0.3)]);
  }
  return () => ({ variables: {}, light, dark });
}

/** The skin (light or dark) persists under the spec's "skin" key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'skin' });
