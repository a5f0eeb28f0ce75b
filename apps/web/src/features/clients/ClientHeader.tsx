import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanCall } from '../../app/can-call';
import { InactiveBadge, TagBadges } from '../../kit/badges';
import { DeleteRecordButton, EditButton, SwitchOnOffButton } from '../../kit/RecordActions';
import { RecordHeader, RecordPicture } from '../../kit/RecordHeader';
import { clientKind } from './client-kind';
import { type Client, toInput, valuesOf } from './clientForm';
import { ClientFormModal, type ClientFormTarget } from './ClientFormModal';

/** The top of a client's profile: logo, name, account, type, parent, and what can be done. */
export function ClientHeader({ client, onChildAdded }: { client: Client; onChildAdded: () => void }) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const [formTarget, setFormTarget] = useState<ClientFormTarget | null>(null);
  return (
    <RecordHeader
      picture={
        <RecordPicture
          id={client.id}
          url={client.photoUrl}
          name={client.name}
          upload="Common/UploadImageClient"
          size={84}
        />
      }
      title={client.name}
      badges={
        <>
          <InactiveBadge isActive={client.isActive} />
          {client.accountNo ? (
            <Badge variant="outline" radius="sm">
              {t('clients.accountNoShort', { no: client.accountNo })}
            </Badge>
          ) : null}
          {client.clientTypeName ? <Badge variant="light">{client.clientTypeName}</Badge> : null}
          <TagBadges tags={client.tags} />
        </>
      }
      actions={
        <>
          <EditButton kind={clientKind} onClick={() => setFormTarget({ client })} />
          {canCall('Client/CreateChild') ? (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setFormTarget({ parent: { id: client.id, name: client.name } })}
            >
              {t('clients.addChild')}
            </Button>
          ) : null}
          <SwitchOnOffButton
            kind={clientKind}
            call={clientKind.update}
            isActive={client.isActive}
            // The client's update is sent every field.
            input={{ ...toInput(valuesOf(client)), id: client.id, isActive: !client.isActive }}
          />
          {/* A 409 says why not (child accounts, bookings), in the server's words. */}
          <DeleteRecordButton kind={clientKind} id={client.id} name={client.name} />
          <ClientFormModal
            target={formTarget}
            onClose={() => setFormTarget(null)}
            onSaved={(saved) => {
              if (saved.id !== client.id) onChildAdded();
            }}
          />
        </>
      }
    >
      {client.parentClientId ? (
        <Text size="sm">
          {t('clients.childAccountOf')}{' '}
          <Anchor component={Link} to={`/clients/${client.parentClientId}`}>
            {client.parentName}
          </Anchor>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('clients.topLevel')}
        </Text>
      )}
    </RecordHeader>
  );
}
