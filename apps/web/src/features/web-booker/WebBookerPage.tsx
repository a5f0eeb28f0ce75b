import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { callWithToken } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { parseCompanyQuery } from '../../app/branding';
import { BookerFrame, Loading, Problem } from './BookerFrame';
import { BookingSteps } from './BookingSteps';

/** The company's page marker in the address: `/book?UKCB`. */
export function usePageMarker(): string | null {
  const location = useLocation();
  return parseCompanyQuery(location.search).shortName;
}

/** `/book?UKCB`: a visitor books a ride with the company, without an account. */
export function WebBookerPage() {
  const { t } = useTranslation();
  const marker = usePageMarker();
  const visit = useQuery({
    queryKey: ['web-booker-visit', marker],
    enabled: Boolean(marker),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const company = (await callWithToken('Common/GetCompanyIdForWebBooker', { identifier: marker ?? '' }, null)).data;
      const started = await callWithToken('Booking/GetWebBookerUserID', { companyID: company.companyID }, null);
      return { company, visit: started.data };
    },
  });

  if (!marker) {
    return (
      <BookerFrame title={t('web-booker.title')}>
        <Problem>{t('web-booker.noCompany')}</Problem>
      </BookerFrame>
    );
  }
  if (visit.isPending) {
    return (
      <BookerFrame title={t('web-booker.title')}>
        <Loading label={t('web-booker.starting')} />
      </BookerFrame>
    );
  }
  if (visit.isError) {
    const unknown = visit.error instanceof ApiError && visit.error.status === 404;
    return (
      <BookerFrame title={t('web-booker.title')}>
        <Problem>{unknown ? t('web-booker.unknownCompany', { marker }) : messageOf(visit.error)}</Problem>
      </BookerFrame>
    );
  }
  const { company, visit: started } = visit.data;
  const token = started.token;
  return (
    <BookerFrame title={t('web-booker.titleWith', { name: company.name })}>
      <BookingSteps
        rules={started.rules}
        isVisitor
        call={(name, input) => callWithToken(name, input, token)}
        confirmationLink={(confirmation) => `/book/confirmation/${confirmation}?${company.companyIdentifier}`}
      />
      {company.phone ? (
        <Text size="sm" ta="center">
          {t('web-booker.callUs')}{' '}
          <Anchor href={`tel:${company.phone}`} underline="always">
            {company.phone}
          </Anchor>
        </Text>
      ) : null}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={`/login?${company.companyIdentifier}_PassApp`}>
          {t('web-booker.signIn')}
        </Anchor>
      </Text>
    </BookerFrame>
  );
}
