import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconFileCertificate, IconPaperclip } from '@tabler/icons-react';
import type { CallOutput } from '@cabdesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { day } from '../../../ui/format';
import { EmptyState, ListSkeleton, LoadFailed, Screen } from './screen';

type Answer = CallOutput<'Driver/GetDriverDocumentsDrvApp'>;
type Papers = Pick<Answer['driver'], 'documentState' | 'documents' | 'missingTypes'>;
type Doc = Papers['documents'][number];

const stateColour = { valid: 'teal', expiring: 'yellow', expired: 'red', no_expiry: 'gray', missing: 'red' } as const;

function StateBadge({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  const label =
    doc.expiryState === 'expiring' && doc.daysToExpiry !== null
      ? t('driver-app.account.documents.expiresIn', { count: doc.daysToExpiry })
      : t(`driver-app.account.documents.state.${doc.expiryState}`);
  return (
    <Badge color={stateColour[doc.expiryState]} variant="light" style={{ flexShrink: 0 }} data-testid="document-state">
      {label}
    </Badge>
  );
}

function DocumentCard({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="document-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{doc.documentTypeName}</Text>
          {doc.reference ? (
            <Text size="sm" c="dimmed" truncate>
              {doc.reference}
            </Text>
          ) : null}
          <Text size="sm">
            {doc.expiryDate
              ? t('driver-app.account.documents.expires', { date: day(doc.expiryDate) })
              : t('driver-app.account.documents.noExpiryDate')}
          </Text>
          {doc.fileUrl ? (
            <Anchor href={doc.fileUrl} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                <IconPaperclip size={14} aria-hidden />
                {t('driver-app.account.documents.openFile')}
              </Group>
            </Anchor>
          ) : null}
        </Stack>
        <StateBadge doc={doc} />
      </Group>
    </Paper>
  );
}

/** One owner's papers: the mandatory ones it lacks first (they matter most), then what is on file. */
function PapersGroup({ title, papers, icon }: { title: string; papers: Papers; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section">
      <Group gap="xs">
        {icon}
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      {papers.missingTypes.map((type) => (
        <Paper key={`missing-${type.id}`} withBorder radius="md" p="md" data-testid="document-missing">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{type.name}</Text>
              <Text size="sm" c="dimmed">
                {t('driver-app.account.documents.missingHint')}
              </Text>
            </Stack>
            <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
              {t('driver-app.account.documents.state.missing')}
            </Badge>
          </Group>
        </Paper>
      ))}
      {papers.documents.map((doc) => (
        <DocumentCard key={doc.id} doc={doc} />
      ))}
      {!papers.documents.length && !papers.missingTypes.length ? (
        <Text c="dimmed" size="sm">
          {t('driver-app.account.documents.noneOnFile')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The driver's papers and those of the vehicle of the open shift, each with expiry and state. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const answer = useCall('Driver/GetDriverDocumentsDrvApp', {});
  const data = answer.data?.data;
  return (
    <Screen
      title={t('driver-app.account.documents.title')}
      back={{ to: '/driver/more', label: t('driver-app.account.more.title') }}
    >
      {answer.error && !data ? (
        <LoadFailed
          title={t('driver-app.account.documents.loadFailed')}
          error={answer.error}
          onRetry={answer.refetch}
        />
      ) : answer.isPending || !data ? (
        <ListSkeleton rows={4} height={88} />
      ) : !data.driver.documents.length && !data.driver.missingTypes.length && !data.vehicle ? (
        <EmptyState
          icon={<IconFileCertificate size={28} />}
          title={t('driver-app.account.documents.emptyTitle')}
          text={t('driver-app.account.documents.emptyText')}
        />
      ) : (
        <Stack gap="xl">
          <PapersGroup
            title={t('driver-app.account.documents.mine')}
            papers={data.driver}
            icon={<IconFileCertificate size={22} aria-hidden />}
          />
          {data.vehicle ? (
            <PapersGroup
              title={t('driver-app.account.documents.vehicle', { registration: data.vehicle.registration })}
              papers={data.vehicle}
              icon={<IconCar size={22} aria-hidden />}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('driver-app.account.documents.noVehicle')}
            </Text>
          )}
        </Stack>
      )}
    </Screen>
  );
}
