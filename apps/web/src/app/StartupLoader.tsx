import { Center, Image, Loader, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { callApi } from '../api/client';
import { storage } from '../api/session';
import { type CompanyLook, DEFAULT_LOOK, setCompanyLook } from './company-look';
import { DEFAULT_COMPANY, hasResultMarker, parseCompanyQuery, usesSpecialLoader } from './branding';
import classes from './StartupLoader.module.css';

export interface Branding {
  companyId: number;
  shortName: string;
  name: string;
  mainLogo: string;
  navBarLogo: string;
  isPassenger: boolean;
  specialLoader: boolean;
  /** The short name asked for when no company answers to it. */
  unknownShortName: string | null;
  /** Colour, theme, title, icon, footer and the driver app's name (docs/web.md "Company look"). */
  look: CompanyLook;
}

const fallback: Branding = {
  companyId: 0,
  shortName: DEFAULT_COMPANY,
  name: 'Cabdesk',
  mainLogo: '/branding/default/main.svg',
  navBarLogo: '/branding/default/navbar.svg',
  isPassenger: false,
  specialLoader: false,
  unknownShortName: null,
  look: DEFAULT_LOOK,
};

const BrandingContext = createContext<Branding>(fallback);
export const useBranding = () => useContext(BrandingContext);

/** Stored company first; otherwise the company named in the query; otherwise the default (spec 000 §2). */
async function resolveBranding(search: string): Promise<Branding> {
  const storedId = storage.companyId;
  if (storedId > 0) {
    const user = storage.userData;
    const userType = storage.staffRoleId > 0 ? storage.staffRoleId : user?.role === 'Passenger' ? 'Passenger' : 'Admin';
    const [logos, look] = await Promise.all([
      callApi('Common/GetSystemLogo', { userType, companyID: storedId }),
      callApi('Common/GetCompanyLook', { companyID: storedId }),
    ]);
    return {
      ...fallback,
      companyId: storedId,
      shortName: localStorage.getItem('companyIdentifier') ?? '',
      name: localStorage.getItem('companyIdentifier') ?? fallback.name,
      mainLogo: logos.mainLogo,
      navBarLogo: logos.navBarLogo,
      isPassenger: user?.role === 'Passenger',
      specialLoader: usesSpecialLoader(null, storedId),
      look,
    };
  }
  const query = parseCompanyQuery(search);
  const shortName = query.shortName ?? DEFAULT_COMPANY;
  const userType = query.isPassenger ? 'Passenger' : 'Admin';
  const company = await callApi('Booking/GetCompanyDetails', { companyShortName: shortName }).catch(() => null);
  if (!company) return { ...fallback, isPassenger: query.isPassenger, unknownShortName: query.shortName };
  const [logos, look] = await Promise.all([
    callApi('Common/GetSystemLogo', { userType, companyID: company.id }),
    callApi('Common/GetCompanyLook', { companyID: company.id }),
  ]);
  return {
    companyId: company.id,
    shortName: company.companyShortName,
    name: company.name,
    mainLogo: logos.mainLogo,
    navBarLogo: logos.navBarLogo,
    isPassenger: query.isPassenger,
    specialLoader: usesSpecialLoader(shortName, 0) || company.loaderStyle === 'special',
    unknownShortName: null,
    look,
  };
}

/**
 * Wears the company's look: its colour (the theme follows the look store), and its theme on a
 * device where nobody chose one — applied without being kept as the device's own choice.
 */
function useCompanyLookApplied(look: CompanyLook | undefined) {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!look) return;
    setCompanyLook(look);
    if (localStorage.getItem('skin') === null) {
      setColorScheme(look.theme);
      localStorage.removeItem('skin');
    }
  }, [look, setColorScheme]);
}

function LoaderScreen({ special, logo }: { special: boolean; logo?: string }) {
  const { t } = useTranslation();
  return (
    <Center
      h="100vh"
      className={special ? classes.special : classes.standard}
      data-testid="startup-loader"
      data-style={special ? 'special' : 'standard'}
    >
      <Stack align="center" gap="lg">
        {logo ? <Image src={logo} alt="" w={240} className={classes.logo} /> : null}
        <Loader
          type={special ? 'bars' : 'dots'}
          color={special ? 'yellow.5' : 'var(--mantine-primary-color-filled)'}
          size="lg"
          aria-label={t('app.loading')}
        />
        <Text c="dimmed" size="sm">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

/** The start-up loading screen: the company logo over an animated loader while branding resolves. */
export function StartupLoader({ children }: { children: ReactNode }) {
  const location = useLocation();
  const skip = hasResultMarker(location.pathname, location.search);
  const storedId = storage.companyId;
  const code = parseCompanyQuery(location.search);
  const key =
    storedId > 0 ? `stored:${storedId}:${storage.staffRoleId}` : `query:${code.shortName ?? ''}:${code.isPassenger}`;
  const branding = useQuery({
    queryKey: ['branding', key],
    queryFn: () => resolveBranding(location.search),
    enabled: !skip,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    placeholderData: keepPreviousData,
  });
  // Long enough for the company logo to register, short enough not to be in the way.
  const [shown, setShown] = useState(false);
  useCompanyLookApplied(branding.data?.look);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 450);
    return () => clearTimeout(timer);
  }, []);
  if (skip) return <BrandingContext.Provider value={fallback}>{children}</BrandingContext.Provider>;
  if (branding.isPending || !shown) {
    return (
      <LoaderScreen
        special={branding.data?.specialLoader ?? usesSpecialLoader(code.shortName, storedId)}
        logo={branding.data?.mainLogo}
      />
    );
  }
  return <BrandingContext.Provider value={branding.data ?? fallback}>{children}</BrandingContext.Provider>;
}
