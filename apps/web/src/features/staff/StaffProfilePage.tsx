import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { useAuth } from '../../app/auth';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { day } from '../../ui/format';
import { ImageUpload } from '../../ui/ImageUpload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { DocumentsPanel } from '../documents/DocumentsPanel';
import { initialsOf, type StaffMember } from './form-values';
import { StaffAccountCard } from './StaffAccountCard';
import { StaffFormModal } from './StaffFormModal';
import { StaffStatistics } from './StaffStatistics';

/** /staff/:id — one staff member: photo, role and actions, then bookings taken, documents and details. */
export function StaffProfilePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // The spec has no single-staff read: the list narrowed to one id serves.
  const found = useCall('Staff/GetTableSummary', { id: valid ? id : 0, perPage: 1 }, { enabled: valid });
  const back = (
    <Anchor component={Link} to="/staff" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('staff.backToList')}
      </Group>
    </Anchor>
  );
  const member = found.data?.data[0];

  if (!valid || found.error || (found.data && !found.isPlaceholderData && !member)) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" icon={<IconAlertTriangle />} title={t('staff.notFound')}>
          {!valid ? t('staff.badAddress') : found.error ? messageOf(found.error) : t('staff.missing')}
        </Alert>
      </Stack>
    );
  }
  if (!member || member.id !== id) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton h={120} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Header member={member} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('staff.tab.overview')}</Tabs.Tab>
          <Tabs.Tab value="documents">{t('staff.tab.documents')}</Tabs.Tab>
          <Tabs.Tab value="details">{t('staff.tab.details')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <StaffStatistics member={member} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <DocumentsPanel ownerType="staff" ownerId={member.id} />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
            <Details member={member} />
            <StaffAccountCard member={member} />
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Header({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const upload = useCallMutation('Common/UploadImageStaff');
  const remove = useCallMutation('Staff/Delete');
  const isMe = member.userId !== null && member.userId === user?.id;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          {ability.can('create', 'Staff') ? (
            <ImageUpload
              imageUrl={member.photoUrl}
              name={member.name}
              onUpload={async (file) => {
                const res = await upload.mutateAsync({ id: member.id, file });
                notifySuccess(t('staff.photoSaved'), res.message);
              }}
            />
          ) : (
            <Avatar src={member.photoUrl} alt={member.name} size={96} radius={96} color="cyan">
              {initialsOf(member)}
            </Avatar>
          )}
          <Stack gap={6}>
            <Group gap="sm" align="baseline">
              <Title order={2}>{member.name}</Title>
              {isMe ? <Badge variant="outline">{t('staff.you')}</Badge> : null}
            </Group>
            <Group gap={6}>
              {member.staffRoleName ? <Badge variant="light">{member.staffRoleName}</Badge> : null}
              {member.isActive ? null : (
                <Badge color="gray" variant="outline">
                  {t('form.inactive')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {[member.email, member.phone].filter(Boolean).join(' · ') || '—'}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {ability.can('update', 'Staff') ? (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('form.edit')}
            </Button>
          ) : null}
          {ability.can('delete', 'Staff') && !isMe ? (
            <ConfirmButton
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              question={t('staff.deleteQuestion', { name: member.name })}
              onConfirm={async () => {
                try {
                  const res = await remove.mutateAsync({ id: member.id });
                  notifySuccess(t('staff.deleted'), res.message);
                  navigate('/staff');
                } catch (error) {
                  notifyError(t('staff.deleteFailed'), error);
                }
              }}
            >
              {t('form.delete')}
            </ConfirmButton>
          ) : null}
        </Group>
      </Group>
      <StaffFormModal member={member} opened={editing} onClose={() => setEditing(false)} />
    </Paper>
  );
}

function Details({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const item = (label: string, value: ReactNode) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="lg" style={{ gridColumn: 'span 2' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {item(t('staff.field.firstName'), member.firstName)}
        {item(t('staff.field.lastName'), member.lastName)}
        {item(t('staff.field.email'), member.email)}
        {item(t('staff.field.phone'), member.phone)}
        {item(t('staff.field.address'), member.address)}
        {item(t('staff.field.postcode'), member.postcode)}
        {item(t('staff.field.dateOfBirth'), member.dateOfBirth ? day(member.dateOfBirth) : null)}
        {item(t('staff.field.startDate'), member.startDate ? day(member.startDate) : null)}
      </SimpleGrid>
      <Stack gap={0} mt="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('staff.field.notes')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={member.notes ? undefined : 'dimmed'}>
          {member.notes ?? t('staff.noNotes')}
        </Text>
      </Stack>
    </Paper>
  );
}
