import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { fixedLabel } from '../../ui/fixedLabel';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { money } from '../../ui/format';
import type { Client, MessageChannel } from './clientForm';

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={5} mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" ta="end">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Which events send what, read only. */
function MessagesRead({ client }: { client: Client }) {
  const { t } = useTranslation();
  const events = useCall('Client/GetClientSMSList', { perPage: 0 }, { staleTime: 300_000 });
  const channels: MessageChannel[] = ['sms', 'email', 'phoneCall'];
  const on = channels.flatMap((c) => client.notifications[c]);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={5} mb="xs">
        {t('clients.section.messages')}
      </Title>
      {on.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('clients.noMessages')}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {(events.data?.data ?? []).map((event) => {
              const sent = channels.filter((c) => client.notifications[c].includes(event.code));
              return (
                <Table.Tr key={event.code}>
                  <Table.Td>
                    <Text size="sm">{event.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      {sent.length ? (
                        sent.map((c) => (
                          <Badge key={c} size="sm" variant="light">
                            {t(`clients.channel.${c}`)}
                          </Badge>
                        ))
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The account's invoicing, pricing, service and contact settings as they stand. */
export function ClientSettingsTab({ client }: { client: Client }) {
  const { t } = useTranslation();
  const none = '—';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Facts
        title={t('clients.section.invoicing')}
        rows={[
          [t('clients.invoicePeriod'), fixedLabel('invoicePeriod', client.invoicePeriod)],
          [t('clients.invoiceSplit'), fixedLabel('invoiceSplit', client.invoiceSplit)],
          [t('clients.invoiceGroup'), fixedLabel('invoiceGroup', client.invoiceGroup)],
          [t('clients.tax'), client.taxName ?? none],
          [t('clients.paymentMethod'), fixedLabel('paymentMethod', client.paymentMethod)],
          [t('clients.currency'), client.currency],
          [
            t('clients.creditLimit'),
            client.creditLimitMinor === null ? t('clients.noLimit') : money(client.creditLimitMinor, client.currency),
          ],
        ]}
      />
      <Stack gap="md">
        <Facts
          title={t('clients.section.pricing')}
          rows={[
            [t('clients.pricingModel'), client.pricingModelName ?? t('clients.companyDefault')],
            [
              t('clients.pricingMode'),
              client.pricingMode ? fixedLabel('pricingMode', client.pricingMode) : t('clients.modelMode'),
            ],
            [t('clients.graceWaiting'), fixedLabel('graceWaiting', String(client.graceWaitingMinutes))],
          ]}
        />
        <Facts
          title={t('clients.section.service')}
          rows={[
            [t('clients.priority'), fixedLabel('priority', String(client.priority))],
            [t('clients.representative'), client.representativeName ?? t('clients.nobody')],
          ]}
        />
      </Stack>
      <Facts
        title={t('clients.section.contact')}
        rows={[
          [t('clients.contactName'), client.contactName ?? none],
          [t('clients.email'), client.email ?? none],
          [t('clients.phone'), client.phone ?? none],
          [t('clients.address'), [client.address, client.postcode].filter(Boolean).join(', ') || none],
          [t('clients.vatNumber'), client.vatNumber ?? none],
        ]}
      />
      <MessagesRead client={client} />
    </SimpleGrid>
  );
}
