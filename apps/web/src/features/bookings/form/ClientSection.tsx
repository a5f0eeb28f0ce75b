import { Grid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { messageOf } from '../../../api/errors';
import { LookupSelect } from '../../../ui/LookupSelect';
import type { BookingFormValues } from './form-values';

type Form = UseFormReturnType<BookingFormValues>;

/** Client account, the client's own reference fields (cost centre, PO…) and the booker. */
export function ClientSection({ form, bookingId }: { form: Form; bookingId: number | null }) {
  const { t } = useTranslation();
  const clientId = form.values.clientId;
  const references = useCall(
    'Booking/GetBookingClientReferencesDetailsToUpdate',
    { id: bookingId ?? 0, clientId: clientId ?? 0 },
    { enabled: !!clientId, staleTime: 60_000 },
  );
  const refs = clientId ? (references.data?.data ?? []) : [];
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <LookupSelect
          call="Common/GetClientList"
          label={t('bookings.field.client')}
          placeholder={t('bookings.form.noClient')}
          value={clientId}
          onChange={(v) => {
            form.setFieldValue('clientId', (v as number | null) ?? null);
            form.setFieldValue('clientReferences', {});
          }}
          error={form.errors.clientId}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <LookupSelect
          call="Booking/GetBookerList"
          filters={clientId ? { clientId } : undefined}
          label={t('bookings.field.booker')}
          placeholder={t('bookings.form.noBooker')}
          value={form.values.bookerId}
          onChange={(v) => form.setFieldValue('bookerId', (v as number | null) ?? null)}
          error={form.errors.bookerId}
        />
      </Grid.Col>
      {refs.map((r) => (
        <Grid.Col key={r.referenceId} span={{ base: 12, sm: 6 }}>
          <TextInput
            label={r.label}
            description={r.referenceTypeName !== r.label ? r.referenceTypeName : undefined}
            required={r.isMandatory}
            value={form.values.clientReferences[String(r.referenceId)] ?? ''}
            onChange={(e) =>
              form.setFieldValue('clientReferences', {
                ...form.values.clientReferences,
                [String(r.referenceId)]: e.currentTarget.value,
              })
            }
            error={form.errors[`clientReferences.${r.referenceId}`]}
          />
        </Grid.Col>
      ))}
      {form.errors.clientReferences ? (
        <Grid.Col span={12}>
          <Text size="sm" c="red" role="alert">
            {t('bookings.form.referencesError', { message: form.errors.clientReferences })}
          </Text>
        </Grid.Col>
      ) : null}
      {clientId && references.error ? (
        <Grid.Col span={12}>
          <Text size="sm" c="red">
            {t('bookings.form.referencesFailed')}: {messageOf(references.error)}
          </Text>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
