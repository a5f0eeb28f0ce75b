import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { expiryStates } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import type { DocumentOwnerType } from './DocumentsPanel';
import { expiryColours } from './rules';

export const ownerTypeList: DocumentOwnerType[] = ['driver', 'vehicle', 'staff', 'passenger', 'client', 'company'];

const countKey = { valid: 'valid', expiring: 'expiring', expired: 'expired', no_expiry: 'noExpiry' } as const;

function OwnerSummaryCard({
  ownerType,
  selected,
  onSelect,
}: {
  ownerType: DocumentOwnerType;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const summary = useCall('Common/GetDocumentSummaryByOwnerType', { ownerType });
  const s = summary.data?.data;
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected} data-testid={`summary-${ownerType}`}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        h="100%"
        style={selected ? { borderColor: 'var(--mantine-color-cyan-6)', borderWidth: 2 } : undefined}
      >
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t(`documents.owners.${ownerType}`)}
        </Text>
        {summary.error ? (
          <Alert color="red" p={4} mt={4}>
            <Text size="xs">{messageOf(summary.error)}</Text>
          </Alert>
        ) : !s ? (
          <Stack gap={6} mt={6}>
            <Skeleton h={18} w="60%" />
            <Skeleton h={16} />
          </Stack>
        ) : (
          <Stack gap={6} mt={4}>
            <Text fw={700}>{t('documents.summaryDocuments', { count: s.total })}</Text>
            <Group gap={4}>
              {expiryStates
                .filter((state) => s[countKey[state]] > 0)
                .map((state) => (
                  <Badge key={state} size="sm" color={expiryColours[state]} variant="light">
                    {s[countKey[state]]} {t(`documents.state.${state}`)}
                  </Badge>
                ))}
            </Group>
            <Text size="xs" c={s.ownersMissingMandatory ? 'red' : 'dimmed'}>
              {s.owners === 0
                ? t('documents.summaryNoOwners')
                : s.ownersMissingMandatory
                  ? t('documents.summaryMissing', { count: s.ownersMissingMandatory })
                  : t('documents.summaryComplete')}
            </Text>
          </Stack>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/** One card per owner type: documents by expiry state and owners lacking mandatory ones. */
export function OwnerSummaryCards({
  selected,
  onSelect,
}: {
  selected: DocumentOwnerType | null;
  onSelect: (ownerType: DocumentOwnerType | null) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
      {ownerTypeList.map((ownerType) => (
        <OwnerSummaryCard
          key={ownerType}
          ownerType={ownerType}
          selected={selected === ownerType}
          onSelect={() => onSelect(selected === ownerType ? null : ownerType)}
        />
      ))}
    </SimpleGrid>
  );
}
