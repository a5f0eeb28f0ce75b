import { eq, sql } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { Db } from '../../platform/db/client';
import { bookingFormHandlers } from './booking-form';
import { companyImageHandlers } from './images';
import { companyLookHandlers } from './look';
import { DEFAULT_LOGOS, companyLogos } from './logos';
import { basicSettingsHandlers } from './basic-settings-handlers';
import { profileSettingsHandlers } from './profile-settings-handlers';
import { companies } from './schema';
import { providersOf } from '../provider-settings/effective';

export { DEFAULT_LOGOS } from './logos';

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
  ...basicSettingsHandlers,
  ...profileSettingsHandlers,
  'Booking/GetCompanyDetails': (input, ctx) => companyByShortName(ctx.db, input.companyShortName),
  'Common/GetCompanyDetails': (input, ctx) => companyByShortName(ctx.db, input.companyShortName),

  // Signed in, the company's own tiles; before sign-in, the server's.
  'Common/GetMapSettings': async (_input, ctx) => {
    const { mapTiles } = ctx.session
      ? await providersOf({ ...ctx, session: ctx.session }, 'mapTiles')
      : ctx.services.config;
    return { tileUrl: mapTiles?.url ?? null, attribution: mapTiles?.attribution ?? '' };
  },
  'Common/GetSystemLogo': async (input, ctx) => {
    if (!input.companyID) return DEFAULT_LOGOS;
    const [company] = await ctx.db
      .select({
        imageKey: companies.imageKey,
        logoMain: companies.logoMain,
        logoNavBar: companies.logoNavBar,
        logoPassengerMain: companies.logoPassengerMain,
        logoPassengerNavBar: companies.logoPassengerNavBar,
      })
      .from(companies)
      .where(eq(companies.id, input.companyID));
    return companyLogos(ctx.services.files, company ?? null, String(input.userType).toLowerCase() === 'passenger');
  },
});
