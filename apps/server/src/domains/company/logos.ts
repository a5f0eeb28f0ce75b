import type { FileService } from '../../platform/files/store';

export const DEFAULT_LOGOS = {
  mainLogo: '/branding/default/main.svg',
  navBarLogo: '/branding/default/navbar.svg',
};

interface LogoColumns {
  imageKey?: string | null;
  logoMain?: string | null;
  logoNavBar?: string | null;
  logoPassengerMain?: string | null;
  logoPassengerNavBar?: string | null;
}

/**
 * The logos a company shows. The image the office uploads (basic settings) wins over the logos an
 * installation ships for it, so changing it changes the sign-in page and the loader; passengers keep
 * their own logos when the company has them.
 */
export function companyLogos(files: FileService, row: LogoColumns | null, passenger: boolean) {
  if (!row) return DEFAULT_LOGOS;
  const image = files.url(row.imageKey);
  const main = (passenger ? row.logoPassengerMain : null) ?? image ?? row.logoMain ?? DEFAULT_LOGOS.mainLogo;
  const navBar = (passenger ? row.logoPassengerNavBar : null) ?? image ?? row.logoNavBar ?? DEFAULT_LOGOS.navBarLogo;
  return { mainLogo: main, navBarLogo: navBar };
}
