import type { CSSProperties } from 'react';
import { Alert, Avatar, Badge, Box, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { chatTime } from './time';

const CONVERSATIONS = 100;

const availabilityColour: Record<number, string> = { 1: 'teal', 2: 'orange', 3: 'gray', 4: 'yellow' };

/** Drivers with their last message and unread badge, latest first; searchable by name or callsign. */
export function ConversationList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const list = useCall('Staff/GetTableSummaryDispatcherChatsList', { q, perPage: CONVERSATIONS });
  const rows = list.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="sm" h="100%">
      <Stack gap="sm">
        <TextInput
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {list.error ? (
          <Alert color="red" title={t('chat.loadFailed')}>
            {messageOf(list.error)}
          </Alert>
        ) : null}
        <Box mah="calc(100vh - 300px)" style={{ overflowY: 'auto' }}>
          <Stack gap={2} data-testid="conversations">
            {list.isPending ? <Text c="dimmed">{t('app.loading')}</Text> : null}
            {!list.isPending && !rows.length ? (
              <Text c="dimmed" size="sm">
                {q ? t('chat.noMatch', { q }) : t('chat.noDrivers')}
              </Text>
            ) : null}
            {rows.map((c) => (
              <UnstyledButton
                key={c.driverId}
                onClick={() => onSelect(c.driverId)}
                aria-current={c.driverId === selected ? 'true' : undefined}
                p="xs"
                w="100%"
                style={
                  c.driverId === selected
                    ? // On the pale blue of the open conversation, dimmed lines take a deeper grey (4.5:1).
                      ({
                        borderRadius: 8,
                        background: 'var(--mantine-color-blue-light)',
                        '--mantine-color-dimmed':
                          'light-dark(var(--mantine-color-gray-8), var(--mantine-color-dark-0))',
                      } as CSSProperties)
                    : { borderRadius: 8 }
                }
              >
                <Group wrap="nowrap" gap="sm">
                  <Avatar radius="xl" color={availabilityColour[c.availability] ?? 'gray'}>
                    {c.driverName
                      .split(' ')
                      .map((w) => w[0] ?? '')
                      .join('')
                      .slice(0, 2)
                      .toUpperCase()}
                  </Avatar>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" gap={4}>
                      <Text size="sm" fw={c.unreadCount ? 700 : 500} truncate>
                        {c.driverName}
                        {c.callsign ? ` · ${c.callsign}` : ''}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {chatTime(c.lastMessageAt)}
                      </Text>
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap={4}>
                      <Text size="xs" c="dimmed" truncate>
                        {c.lastMessage
                          ? `${c.lastFromDriver ? '' : `${t('chat.you')}: `}${c.lastMessage}`
                          : t('chat.noMessages')}
                      </Text>
                      {c.unreadCount ? (
                        <Badge size="sm" circle color="red" aria-label={t('chat.unread', { count: c.unreadCount })}>
                          {c.unreadCount}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
            {(list.data?.count ?? 0) > CONVERSATIONS ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('chat.more', { count: (list.data?.count ?? 0) - CONVERSATIONS })}
              </Text>
            ) : null}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
