import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { day } from '../../ui/format';
import { DocumentActions } from './DocumentActions';
import { DocumentForm, type DocumentRow } from './DocumentForm';
import { ExpiryBadge } from './ExpiryBadge';
import { missingMandatory } from './rules';

export type DocumentOwnerType = 'driver' | 'vehicle' | 'staff' | 'passenger' | 'client' | 'company';

type Editing = { document: DocumentRow | null; presetTypeId: number | null } | null;

/**
 * The documents of one owner (a driver's licences, a vehicle's MOT…): list with expiry badges, the
 * mandatory types still missing, add, replace and delete. Profiles embed it.
 */
export function DocumentsPanel({ ownerType, ownerId }: { ownerType: DocumentOwnerType; ownerId: number }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const docs = useCall('Common/GetDocument', { ownerType, ownerId, perPage: 0, sortColumn: 'documentTypeName' });
  const types = useCall('Common/GetDocumentTypeList', { ownerType, perPage: 0 }, { staleTime: 60_000 });
  const [editing, setEditing] = useState<Editing>(null);
  const canAdd = ability.can('create', 'Document');
  const rows = docs.data?.data ?? [];
  const missing = docs.data && types.data ? missingMandatory(types.data.data, rows) : [];

  return (
    <Paper withBorder radius="md" p="md" data-testid="documents-panel" data-owner={`${ownerType}:${ownerId}`}>
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('documents.panelTitle')}</Title>
        {canAdd ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ document: null, presetTypeId: null })}
          >
            {t('documents.add')}
          </Button>
        ) : null}
      </Group>
      {docs.error ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('documents.loadFailed')} role="alert">
          {messageOf(docs.error)}
        </Alert>
      ) : !docs.data ? (
        <Stack gap={6}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : rows.length === 0 && missing.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('documents.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documents.type')}</Table.Th>
                <Table.Th>{t('documents.reference')}</Table.Th>
                <Table.Th>{t('documents.issueDate')}</Table.Th>
                <Table.Th>{t('documents.expiryDate')}</Table.Th>
                <Table.Th>{t('documents.expiryState')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="document-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.documentTypeName}
                    </Text>
                    {row.notes ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {row.notes}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.reference ?? '—'}</Table.Td>
                  <Table.Td>{day(row.issueDate)}</Table.Td>
                  <Table.Td>{day(row.expiryDate)}</Table.Td>
                  <Table.Td>
                    <ExpiryBadge state={row.expiryState} days={row.daysToExpiry} />
                  </Table.Td>
                  <Table.Td>
                    <DocumentActions row={row} onEdit={(document) => setEditing({ document, presetTypeId: null })} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {missing.map((type) => (
                <Table.Tr key={`missing-${type.id}`} data-testid="document-missing" bg="var(--mantine-color-red-light)">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {type.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('documents.missingHint')}
                    </Text>
                  </Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>—</Table.Td>
                  <Table.Td>
                    <Badge color="red" variant="outline">
                      {t('documents.missing')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {canAdd ? (
                      <Group justify="flex-end">
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setEditing({ document: null, presetTypeId: type.id })}
                        >
                          {t('documents.addMissing')}
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? (
        <DocumentForm
          key={editing.document?.id ?? `new-${editing.presetTypeId ?? 0}`}
          ownerType={ownerType}
          ownerId={ownerId}
          document={editing.document}
          presetTypeId={editing.presetTypeId}
          opened
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Paper>
  );
}
