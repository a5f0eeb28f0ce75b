import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime, day } from '../../ui/format';
import { TagBadges } from './badges';
import type { DriverProfile } from './form-values';

const regionNames = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={5} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** Every field of the driver, grouped as the form groups them. */
export function DriverDetails({ driver: d }: { driver: DriverProfile }) {
  const { t, i18n } = useTranslation();
  const country = d.nationality ? (regionNames(i18n.language).of(d.nationality) ?? d.nationality) : null;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Block title={t('drivers.section.person')}>
        <Field label={t('drivers.field.name')}>{d.fullName}</Field>
        <Field label={t('drivers.field.callsign')}>{d.callsign}</Field>
        <Field label={t('drivers.field.dateOfBirth')}>{d.dateOfBirth ? day(d.dateOfBirth) : null}</Field>
        <Field label={t('drivers.field.nationality')}>{country}</Field>
        <Field label={t('drivers.field.licenceNumber')}>{d.licenceNumber}</Field>
      </Block>
      <Block title={t('drivers.section.contact')}>
        <Field label={t('drivers.field.email')}>{d.email}</Field>
        <Field label={t('drivers.field.phone')}>{d.phone}</Field>
        <Field label={t('drivers.field.mobile')}>{d.mobile}</Field>
        <Field label={t('drivers.field.address')}>{[d.address, d.postcode].filter(Boolean).join(', ')}</Field>
      </Block>
      <Block title={t('drivers.section.work')}>
        <Field label={t('drivers.field.driverType')}>{d.driverTypeName}</Field>
        <Field label={t('drivers.field.vendor')}>{d.vendorName}</Field>
        <Field label={t('drivers.field.paymentModel')}>{d.defaultPaymentModelName}</Field>
        <Field label={t('drivers.field.dateJoined')}>{d.dateJoined ? day(d.dateJoined) : null}</Field>
        <Field label={t('drivers.field.tags')}>
          {d.tags.length ? (
            <Group gap={4}>
              <TagBadges tags={d.tags} />
            </Group>
          ) : null}
        </Field>
        <Field label={t('drivers.field.appEmail')}>{d.appEmail ?? t('drivers.noAppAccount')}</Field>
      </Block>
      <Block title={t('drivers.section.bank')}>
        <Field label={t('drivers.field.bankAccountName')}>{d.bankAccountName}</Field>
        <Field label={t('drivers.field.bankSortCode')}>{d.bankSortCode}</Field>
        <Field label={t('drivers.field.bankAccountNumber')}>
          {d.bankAccountNumberLast4 ? `•••• ${d.bankAccountNumberLast4}` : null}
        </Field>
        <Field label={t('drivers.field.createdAt')}>{dateTime(d.createdAt)}</Field>
      </Block>
      <Paper withBorder radius="md" p="md" style={{ gridColumn: '1 / -1' }}>
        <Title order={5} mb="xs">
          {t('drivers.field.notes')}
        </Title>
        <Text size="sm" c={d.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {d.notes ?? t('drivers.noNotes')}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
