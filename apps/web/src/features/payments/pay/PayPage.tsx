import { Alert, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { callWithToken } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { dateTime, money } from '../../../ui/format';
import { BookerFrame, Loading, Problem } from '../../web-booker/BookerFrame';
import { CardForm } from '../CardForm';

/** The secret of a payment link rides in the address's fragment, which no server ever sees. */
export function linkSecretOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** `/pay?UKCB#token=…`: what a payment link asks for, and the card form that pays it once. */
export function PayPage() {
  const { t } = useTranslation();
  const p = (key: string, options?: Record<string, unknown>) => t(`payments.pay.${key}`, options ?? {});
  const token = linkSecretOf(useLocation().hash);
  const link = useQuery({
    queryKey: ['payment-link', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: async () => (await callWithToken('PaymentTransaction/TestClientSecret', { token }, null)).data,
  });
  const pay = useMutation({
    mutationFn: (cardToken: string) => callWithToken('PaymentTransaction/CheckoutPayment', { token, cardToken }, null),
  });

  let body;
  if (!token) body = <Problem>{p('noToken')}</Problem>;
  else if (link.isPending) body = <Loading label={p('loading')} />;
  else if (link.isError) body = <Problem>{messageOf(link.error)}</Problem>;
  else {
    const l = link.data;
    const paidNow = pay.data?.data.status === 'succeeded';
    body = (
      <Stack gap="md">
        <Table withRowBorders={false} verticalSpacing={2} aria-label={p('what')}>
          <Table.Tbody>
            <Row label={p('company')} value={l.companyName} />
            {l.invoiceNo ? (
              <Row label={p('invoice')} value={l.invoiceNo} />
            ) : (
              <Row label={p('booking')} value={`#${l.bookingId}`} />
            )}
            {l.invoiceNo ? null : <Row label={p('when')} value={dateTime(l.pickupAt)} />}
            {l.pickup ? <Row label={p('from')} value={l.pickup} /> : null}
            {l.dropoff ? <Row label={p('to')} value={l.dropoff} /> : null}
            <Row label={p('amount')} value={money(l.amount, l.currency)} strong />
          </Table.Tbody>
        </Table>
        {paidNow ? (
          <Alert color="teal" icon={<IconCircleCheck />} role="status" title={p('paidTitle')} data-testid="paid">
            {p('paidText', { amount: money(l.amount, l.currency) })}
          </Alert>
        ) : l.state === 'paid' ? (
          <Alert color="teal" role="status" title={p('alreadyPaid')}>
            {p('alreadyPaidText')}
          </Alert>
        ) : l.state === 'expired' ? (
          <Problem title={p('expiredTitle')}>{p('expiredText')}</Problem>
        ) : (
          <Stack gap="xs">
            <Text size="sm">{p('until', { until: dateTime(l.expiresAt) })}</Text>
            {pay.isError ? <Problem title={p('failed')}>{messageOf(pay.error)}</Problem> : null}
            <CardForm
              provider={l.provider}
              publishableKey={l.publishableKey}
              submitLabel={p('submit', { amount: money(l.amount, l.currency) })}
              busy={pay.isPending}
              onToken={(cardToken) => pay.mutate(cardToken)}
            />
          </Stack>
        )}
      </Stack>
    );
  }
  return <BookerFrame title={p('title')}>{body}</BookerFrame>;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" pl={0} fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td pr={0} ta="right" fw={strong ? 700 : 400}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
