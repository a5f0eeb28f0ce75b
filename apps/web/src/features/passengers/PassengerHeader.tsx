import { Anchor, Group, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { DeleteRecordButton, EditButton, SwitchOnOffButton } from '../../kit/RecordActions';
import { RecordHeader, RecordPicture } from '../../kit/RecordHeader';
import { VipBadge } from './badges';
import { passengerKind } from './passenger-kind';
import { PassengerFormModal } from './PassengerFormModal';
import type { Passenger } from './passengerForm';

function Contact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** Photo, name, VIP and client, how to reach them, and what the office may do with the passenger. */
export function PassengerHeader({ passenger: p }: { passenger: Passenger }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <RecordHeader
      picture={<RecordPicture id={p.id} url={p.photoUrl} name={p.name} upload="Common/UploadImagePassenger" />}
      title={p.title ? `${p.title} ${p.name}` : p.name}
      badges={
        p.isVip || !p.isActive || p.tags.length ? (
          <>
            {p.isVip ? <VipBadge /> : null}
            <InactiveBadge isActive={p.isActive} />
            <TagBadges tags={p.tags} />
          </>
        ) : null
      }
      actions={
        <>
          <EditButton kind={passengerKind} onClick={() => setEditing(true)} />
          <SwitchOnOffButton
            kind={passengerKind}
            call={passengerKind.update}
            isActive={p.isActive}
            input={{ id: p.id, isActive: !p.isActive }}
          />
          <DeleteRecordButton kind={passengerKind} id={p.id} name={p.name} />
          <PassengerFormModal opened={editing} passenger={p} onClose={() => setEditing(false)} />
        </>
      }
    >
      <Text size="sm" c="dimmed">
        {p.clientId ? (
          <>
            {t('passengers.travelsFor')}{' '}
            <Anchor component={Link} to={`/clients/${p.clientId}`} size="sm">
              {p.clientName}
            </Anchor>
          </>
        ) : (
          t('passengers.privateTraveller')
        )}
        {p.hasAppAccount ? ` · ${t('passengers.hasApp')}` : ''}
      </Text>
      <Group gap="lg">
        {p.email ? <Contact icon={<IconMail size={16} aria-hidden />}>{p.email}</Contact> : null}
        {p.mobile ? <Contact icon={<IconPhone size={16} aria-hidden />}>{p.mobile}</Contact> : null}
        {p.phone ? <Contact icon={<IconPhone size={16} aria-hidden />}>{p.phone}</Contact> : null}
      </Group>
    </RecordHeader>
  );
}
