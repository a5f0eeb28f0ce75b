import { Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TagBadges } from '../../kit/badges';
import { Fact, FactsCard } from '../../kit/Facts';
import { dateTime, day } from '../../ui/format';
import type { DriverProfile } from './form-values';

const regionNames = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });

/** Every field of the driver, grouped as the form groups them. */
export function DriverDetails({ driver: d }: { driver: DriverProfile }) {
  const { t, i18n } = useTranslation();
  const country = d.nationality ? (regionNames(i18n.language).of(d.nationality) ?? d.nationality) : null;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <FactsCard title={t('drivers.section.person')}>
        <Fact label={t('drivers.field.name')}>{d.fullName}</Fact>
        <Fact label={t('drivers.field.callsign')}>{d.callsign}</Fact>
        <Fact label={t('drivers.field.dateOfBirth')}>{d.dateOfBirth ? day(d.dateOfBirth) : null}</Fact>
        <Fact label={t('drivers.field.nationality')}>{country}</Fact>
        <Fact label={t('drivers.field.licenceNumber')}>{d.licenceNumber}</Fact>
      </FactsCard>
      <FactsCard title={t('drivers.section.contact')}>
        <Fact label={t('drivers.field.email')}>{d.email}</Fact>
        <Fact label={t('drivers.field.phone')}>{d.phone}</Fact>
        <Fact label={t('drivers.field.mobile')}>{d.mobile}</Fact>
        <Fact label={t('drivers.field.address')}>{[d.address, d.postcode].filter(Boolean).join(', ')}</Fact>
      </FactsCard>
      <FactsCard title={t('drivers.section.work')}>
        <Fact label={t('drivers.field.driverType')}>{d.driverTypeName}</Fact>
        <Fact label={t('drivers.field.vendor')}>{d.vendorName}</Fact>
        <Fact label={t('drivers.field.paymentModel')}>{d.defaultPaymentModelName}</Fact>
        <Fact label={t('drivers.field.dateJoined')}>{d.dateJoined ? day(d.dateJoined) : null}</Fact>
        <Fact label={t('drivers.field.tags')}>
          {d.tags.length ? (
            <Group gap={4}>
              <TagBadges tags={d.tags} />
            </Group>
          ) : null}
        </Fact>
        <Fact label={t('drivers.field.appEmail')}>{d.appEmail ?? t('drivers.noAppAccount')}</Fact>
      </FactsCard>
      <FactsCard title={t('drivers.section.bank')}>
        <Fact label={t('drivers.field.bankAccountName')}>{d.bankAccountName}</Fact>
        <Fact label={t('drivers.field.bankSortCode')}>{d.bankSortCode}</Fact>
        <Fact label={t('drivers.field.bankAccountNumber')}>
          {d.bankAccountNumberLast4 ? `•••• ${d.bankAccountNumberLast4}` : null}
        </Fact>
        <Fact label={t('drivers.field.createdAt')}>{dateTime(d.createdAt)}</Fact>
      </FactsCard>
      <FactsCard title={t('drivers.field.notes')} cols={1} wide>
        <Text size="sm" c={d.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {d.notes ?? t('drivers.noNotes')}
        </Text>
      </FactsCard>
    </SimpleGrid>
  );
}
