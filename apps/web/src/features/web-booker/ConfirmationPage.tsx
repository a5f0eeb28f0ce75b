import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callWithToken } from '../../api/client';
import { ApiError, messageOf } from '../../api/errors';
import { money } from '../../ui/format';
import { BookerFrame, Loading, Problem } from './BookerFrame';
import { companyTime } from './journey';
import { usePageMarker } from './WebBookerPage';

/** `/book/confirmation/<token>?UKCB`: a booking made on the web booker, found only by its token. */
export function ConfirmationPage() {
  const { t, i18n } = useTranslation();
  const w = (key: string, options?: Record<string, unknown>) => t(`web-booker.${key}`, options ?? {});
  const { token = '' } = useParams();
  const marker = usePageMarker();
  const answer = useQuery({
    queryKey: ['web-booker-confirmation', marker, token],
    enabled: Boolean(marker && token),
    retry: false,
    queryFn: async () => {
      const company = (await callWithToken('Common/GetCompanyIdForWebBooker', { identifier: marker ?? '' }, null)).data;
      const booking = (
        await callWithToken(
          'Booking/GetConformationWebBookerBookingDetails',
          { companyID: company.companyID, token },
          null,
        )
      ).data;
      return { booking, timezone: booking.timezone };
    },
  });

  let body;
  if (!marker) body = <Problem>{w('noCompany')}</Problem>;
  else if (answer.isPending) body = <Loading label={w('confirmation.loading')} />;
  else if (answer.isError) {
    body = (
      <Problem>
        {answer.error instanceof ApiError && answer.error.status === 404
          ? w('confirmation.notFound')
          : messageOf(answer.error)}
      </Problem>
    );
  } else {
    const { booking: b, timezone } = answer.data;
    body = (
      <Stack gap={4} data-testid="confirmation">
        <Text fw={600} data-testid="booking-number">
          {w('done.number', { id: b.bookingId })}
        </Text>
        <Text size="sm">
          {w('confirmation.status')}: {b.statusName}
        </Text>
        <Text size="sm">
          {w('payment.when')}: {b.isAsap ? w('journey.asap') : companyTime(b.pickupAt, timezone, i18n.language)}
        </Text>
        {b.stops.map((s, i) => (
          <Text size="sm" key={i}>
            {w(`confirmation.${s.kind}`)}: {s.address}
          </Text>
        ))}
        <Text size="sm">
          {w('payment.vehicle')}: {b.vehicleTypeName ?? '—'}
        </Text>
        <Text size="sm">
          {w('payment.passenger')}: {b.passengerName ?? '—'}
        </Text>
        <Text size="sm">
          {w('payment.price')}: {b.priceMinor === null ? '—' : money(b.priceMinor, b.currency)} ({w('payment.cash')})
        </Text>
        {b.companyPhone ? (
          <Text size="sm">
            {w('callUs')} {b.companyPhone}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return <BookerFrame title={w('confirmation.title')}>{body}</BookerFrame>;
}
