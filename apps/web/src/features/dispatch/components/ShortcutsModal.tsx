import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortcutKeys } from '../hooks/shortcuts';

export function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('dispatch.shortcuts.title')} centered>
      <Stack gap="sm">
        <Table verticalSpacing={4} data-testid="shortcuts">
          <Table.Tbody>
            {shortcutKeys.map((key) => (
              <Table.Tr key={key}>
                <Table.Td w={90}>
                  <Group gap={4} wrap="nowrap">
                    {key.split(' ').map((k) => (k === '…' ? <span key={k}>…</span> : <Kbd key={k}>{k}</Kbd>))}
                  </Group>
                </Table.Td>
                <Table.Td>{t(`dispatch.shortcuts.${key}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('dispatch.shortcuts.hint')}
        </Text>
      </Stack>
    </Modal>
  );
}
