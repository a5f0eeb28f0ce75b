import { Badge, Button, Grid, Group, Paper, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalculator, IconDiscountCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { fromMinor, money } from '../../../ui/format';
import { LookupSelect } from '../../../ui/LookupSelect';
import { callApi } from '../../../api/client';
import type { CodeCheck, Quote } from '../api';
import { type BookingFormValues, toInput } from './form-values';
import { PriceBreakdown } from '../../pricing';

type Form = UseFormReturnType<BookingFormValues>;

/** Payment method, the price (typed, or quoted by the server as an estimate) and a discount code. */
export function PriceSection({ form, isNew }: { form: Form; isNew: boolean }) {
  const { t } = useTranslation();
  const [quoting, setQuoting] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<Pick<CodeCheck, 'valid' | 'message' | 'discountMinor'> | null>(null);

  const getQuote = async () => {
    setQuoting(true);
    setQuoteError(null);
    try {
      const { stops, vehicleTypeId, hireMinutes, pickupAt, discountCode, clientId, passengerCount } = toInput(
        form.values,
        { isNew },
      );
      const found = (
        await callApi('Booking/GetBookingQuote', {
          stops,
          // The client's pricing model takes precedence: the quote must know whose booking it is.
          ...(clientId ? { clientId } : {}),
          ...(passengerCount ? { passengerCount } : {}),
          ...(vehicleTypeId ? { vehicleTypeId } : {}),
          ...(hireMinutes ? { hireMinutes } : {}),
          ...(pickupAt ? { pickupAt } : {}),
          ...(discountCode ? { discountCode } : {}),
        })
      ).data;
      setQuote(found);
      form.setFieldValue('price', fromMinor(found.priceMinor));
      form.setFieldValue('priceIsEstimate', true);
    } catch (error) {
      setQuoteError(messageOf(error));
    } finally {
      setQuoting(false);
    }
  };

  const checkCode = async () => {
    setChecking(true);
    try {
      const { priceMinor, pickupAt } = toInput(form.values, { isNew });
      const answer = await callApi('Booking/GetCodeValidation', {
        code: form.values.discountCode.trim(),
        ...(priceMinor !== undefined && Number.isFinite(priceMinor) ? { priceMinor } : {}),
        ...(pickupAt ? { pickupAt } : {}),
      });
      setCheck(answer.data);
    } catch (error) {
      setCheck({ valid: false, message: messageOf(error), discountMinor: null });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <LookupSelect
          call="Common/GetPaymentMethodList"
          valueKey="code"
          label={t('bookings.field.paymentMethod')}
          clearable={false}
          value={form.values.paymentMethod}
          onChange={(v) => form.setFieldValue('paymentMethod', (v as string | null) ?? 'cash')}
          error={form.errors.paymentMethod}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={
              <Group gap={6} component="span">
                {t('bookings.field.price')}
                {form.values.priceIsEstimate ? (
                  <Badge size="xs" color="orange" variant="light" component="span">
                    {t('bookings.form.estimate')}
                  </Badge>
                ) : null}
              </Group>
            }
            placeholder={t('bookings.form.pricePlaceholder')}
            inputMode="decimal"
            style={{ flex: 1 }}
            {...form.getInputProps('price')}
            onChange={(e) => {
              form.setFieldValue('price', e.currentTarget.value);
              form.setFieldValue('priceIsEstimate', false);
            }}
          />
          <Button variant="light" leftSection={<IconCalculator size={16} />} loading={quoting} onClick={getQuote}>
            {t('bookings.form.getQuote')}
          </Button>
        </Group>
        {quote && form.values.priceIsEstimate ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t('bookings.form.quoteNote', {
              price: money(quote.priceMinor, quote.currency),
              km: quote.distanceMetres === null ? '—' : (quote.distanceMetres / 1000).toFixed(1),
            })}{' '}
            {quote.note}
          </Text>
        ) : null}
        {quote?.breakdown && form.values.priceIsEstimate ? (
          <Paper withBorder radius="md" p="xs" mt={6}>
            <PriceBreakdown breakdown={quote.breakdown} currency={quote.currency} compact />
          </Paper>
        ) : null}
        {quoteError ? (
          <Text size="xs" c="red" mt={4} role="alert">
            {t('bookings.form.quoteFailed')}: {quoteError}
          </Text>
        ) : null}
      </Grid.Col>
      <Grid.Col span={12}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('bookings.field.discountCode')}
            style={{ flex: 1 }}
            {...form.getInputProps('discountCode')}
            onChange={(e) => {
              form.setFieldValue('discountCode', e.currentTarget.value.toUpperCase());
              setCheck(null);
            }}
          />
          <Button
            variant="default"
            leftSection={<IconDiscountCheck size={16} />}
            loading={checking}
            disabled={!form.values.discountCode.trim()}
            onClick={checkCode}
          >
            {t('bookings.form.checkCode')}
          </Button>
        </Group>
        {check ? (
          <Text size="xs" mt={4} c={check.valid ? 'teal' : 'red'} role="status">
            {check.valid
              ? t('bookings.form.codeValid', {
                  discount: check.discountMinor === null ? '' : money(check.discountMinor),
                })
              : `${t('bookings.form.codeInvalid')}${check.message ? `: ${check.message}` : ''}`}
          </Text>
        ) : null}
      </Grid.Col>
    </Grid>
  );
}
