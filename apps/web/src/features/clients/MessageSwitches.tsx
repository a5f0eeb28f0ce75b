import { Skeleton, Switch, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { type ClientFormValues, type MessageChannel, toggleEvent } from './clientForm';

const lookup = { perPage: 0 } as const;

/** Per booking event: send a text message, an e-mail, and (where offered) an automated phone call. */
export function MessageSwitches({ form }: { form: UseFormReturnType<ClientFormValues> }) {
  const { t } = useTranslation();
  const sms = useCall('Client/GetClientSMSList', lookup, { staleTime: 300_000 });
  const email = useCall('Client/GetClientEmailList', lookup, { staleTime: 300_000 });
  const phone = useCall('Client/GetClientPhoneCallList', lookup, { staleTime: 300_000 });
  if (!sms.data || !email.data || !phone.data) return <Skeleton h={180} />;

  const events = [...sms.data.data];
  for (const row of email.data.data) if (!events.some((e) => e.code === row.code)) events.push(row);
  const offered: Record<MessageChannel, Set<string>> = {
    sms: new Set(sms.data.data.map((r) => r.code)),
    email: new Set(email.data.data.map((r) => r.code)),
    phoneCall: new Set(phone.data.data.map((r) => r.code)),
  };
  const { notifications } = form.values;
  const channels: MessageChannel[] = ['sms', 'email', 'phoneCall'];
  const error = Object.entries(form.errors).find(([field]) => field.startsWith('notifications'))?.[1];

  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4} data-testid="message-switches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clients.event')}</Table.Th>
            {channels.map((c) => (
              <Table.Th key={c} ta="center">
                {t(`clients.channel.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.code}>
              <Table.Td>{event.name}</Table.Td>
              {channels.map((channel) => (
                <Table.Td key={channel}>
                  {offered[channel].has(event.code) ? (
                    <Switch
                      mx="auto"
                      w="fit-content"
                      aria-label={`${event.name}: ${t(`clients.channel.${channel}`)}`}
                      checked={notifications[channel].includes(event.code)}
                      onChange={(e) =>
                        form.setFieldValue(
                          'notifications',
                          toggleEvent(notifications, channel, event.code, e.currentTarget.checked),
                        )
                      }
                    />
                  ) : (
                    <Text c="dimmed" ta="center" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error ? (
        <Text c="red" size="sm">
          {error}
        </Text>
      ) : null}
    </>
  );
}
