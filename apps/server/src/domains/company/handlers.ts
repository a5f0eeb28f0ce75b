import { eq, sql } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { Db } from '../../platform/db/client';
import { bookingFormHandlers } from './booking-form';
import { companyImageHandlers } from './images';
import { companyLookHandlers } from './look';
import { companies } from './schema';

export const DEFAULT_LOGOS = {
  mainLogo: '/branding/default/main.svg',
  navBarLogo: '/branding/default/navbar.svg',
};

async function companyByShortName(db: Db, shortName: string) {
  const [company] = await db
    .select({
      id: companies.id,
      companyShortName: companies.shortName,
      name: companies.name,
      phone: companies.phone,
      email: companies.email,
      loaderStyle: companies.loaderStyle,
      passengerSignUp: companies.passengerSignUp,
    })
    .from(companies)
    .where(sql`lower(${companies.shortName}) = lower(${shortName}) and ${companies.isActive}`);
  if (!company) throw notFound(`A company with the short name “${shortName}”`);
  return { ...company, loaderStyle: company.loaderStyle === 'special' ? ('special' as const) : ('standard' as const) };
}

export const companyHandlers = handlers({
  ...companyImageHandlers,
  ...companyLookHandlers,
  ...bookingFormHandlers,
  'Booking/GetCompanyDetails': (input, ctx) => companyByShortName(ctx.db, input.companyShortName),
  'Common/GetCompanyDetails': (input, ctx) => companyByShortName(ctx.db, input.companyShortName),

  'Common/GetMapSettings': async (_input, ctx) => ({
    tileUrl: ctx.services.config.mapTiles?.url ?? null,
    attribution: ctx.services.config.mapTiles?.attribution ?? '',
  }),
  'Common/GetSystemLogo': async (input, ctx) => {
    if (!input.companyID) return DEFAULT_LOGOS;
    const [company] = await ctx.db
      .select({
        main: companies.logoMain,
        navBar: companies.logoNavBar,
        passengerMain: companies.logoPassengerMain,
        passengerNavBar: companies.logoPassengerNavBar,
      })
      .from(companies)
      .where(eq(companies.id, input.companyID));
    if (!company) return DEFAULT_LOGOS;
    const passenger = String(input.userType).toLowerCase() === 'passenger';
    const main = (passenger ? company.passengerMain : null) ?? company.main ?? DEFAULT_LOGOS.mainLogo;
    const navBar = (passenger ? company.passengerNavBar : null) ?? company.navBar ?? DEFAULT_LOGOS.navBarLogo;
    return { mainLogo: main, navBarLogo: navBar };
  },
});
