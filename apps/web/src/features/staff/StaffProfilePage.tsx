import { Alert, Badge, SimpleGrid, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { InactiveBadge } from '../../kit/badges';
import { Fact, FactsCard } from '../../kit/Facts';
import { DeleteRecordButton, EditButton } from '../../kit/RecordActions';
import { RecordHeader, RecordPicture } from '../../kit/RecordHeader';
import { RecordPage } from '../../kit/RecordPage';
import { day } from '../../ui/format';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { OwnerStatistics } from '../statistics/OwnerStatistics';
import type { StaffMember } from './form-values';
import { StaffAccountCard } from './StaffAccountCard';
import { StaffFormModal } from './StaffFormModal';
import { staffKind } from './staff-kind';

/** /staff/:id — one staff member: photo, role and actions, then bookings taken, documents and details. */
export function StaffProfilePage() {
  const { t } = useTranslation();
  return (
    <RecordPage
      kind={staffKind}
      // The spec has no single-staff read: the list narrowed to one id serves.
      read={{ call: 'Staff/GetTableSummary', input: (id) => ({ id, perPage: 1 }) }}
      header={(member) => <Header member={member} />}
      tabs={(member) => [
        {
          value: 'overview',
          label: t('staff.tab.overview'),
          panel: (
            <OwnerStatistics
              owner="staff"
              id={member.id}
              intro={
                member.hasAccount ? (
                  <Text size="sm" c="dimmed">
                    {t('staff.stats.hint')}
                  </Text>
                ) : (
                  <Alert color="gray" icon={<IconInfoCircle />} py="xs">
                    {t('staff.stats.noAccount')}
                  </Alert>
                )
              }
            />
          ),
        },
        {
          value: 'documents',
          label: t('staff.tab.documents'),
          panel: <DocumentsPanel ownerType="staff" ownerId={member.id} />,
        },
        {
          value: 'details',
          label: t('staff.tab.details'),
          panel: (
            <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
              <Details member={member} />
              <StaffAccountCard member={member} />
            </SimpleGrid>
          ),
        },
      ]}
    />
  );
}

function Header({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const isMe = member.userId !== null && member.userId === user?.id;
  return (
    <RecordHeader
      picture={
        <RecordPicture id={member.id} url={member.photoUrl} name={member.name} upload="Common/UploadImageStaff" />
      }
      title={member.name}
      beside={isMe ? <Badge variant="outline">{t('staff.you')}</Badge> : null}
      badges={
        <>
          {member.staffRoleName ? <Badge variant="light">{member.staffRoleName}</Badge> : null}
          <InactiveBadge isActive={member.isActive} />
        </>
      }
      actions={
        <>
          <EditButton kind={staffKind} onClick={() => setEditing(true)} />
          {/* Nobody deletes themselves: they would be signed out with no way back in. */}
          {isMe ? null : <DeleteRecordButton kind={staffKind} id={member.id} name={member.name} />}
          <StaffFormModal member={member} opened={editing} onClose={() => setEditing(false)} />
        </>
      }
    >
      <Text size="sm" c="dimmed">
        {[member.email, member.phone].filter(Boolean).join(' · ') || '—'}
      </Text>
    </RecordHeader>
  );
}

function Details({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  return (
    <div style={{ gridColumn: 'span 2' }}>
      <FactsCard>
        <Fact label={t('staff.field.firstName')}>{member.firstName}</Fact>
        <Fact label={t('staff.field.lastName')}>{member.lastName}</Fact>
        <Fact label={t('staff.field.email')}>{member.email}</Fact>
        <Fact label={t('staff.field.phone')}>{member.phone}</Fact>
        <Fact label={t('staff.field.address')}>{member.address}</Fact>
        <Fact label={t('staff.field.postcode')}>{member.postcode}</Fact>
        <Fact label={t('staff.field.dateOfBirth')}>{member.dateOfBirth ? day(member.dateOfBirth) : null}</Fact>
        <Fact label={t('staff.field.startDate')}>{member.startDate ? day(member.startDate) : null}</Fact>
        <div style={{ gridColumn: '1 / -1' }}>
          <Fact label={t('staff.field.notes')}>
            {member.notes ?? (
              <Text span size="sm" c="dimmed">
                {t('staff.noNotes')}
              </Text>
            )}
          </Fact>
        </div>
      </FactsCard>
    </div>
  );
}
