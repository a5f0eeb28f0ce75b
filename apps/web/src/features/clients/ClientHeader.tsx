import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconPower, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { useCallMutation } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ImageUpload } from '../../ui/ImageUpload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { ActiveBadge, TagBadges } from './clientColumns';
import { type Client, toInput, valuesOf } from './clientForm';
import type { ClientFormTarget } from './ClientFormModal';

/** The top of a client's profile: logo, name, account, type, parent, and what can be done. */
export function ClientHeader({
  client,
  onOpenForm,
  onChanged,
}: {
  client: Client;
  onOpenForm: (target: ClientFormTarget) => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const update = useCallMutation('Client/Update');
  const remove = useCallMutation('Client/Delete');
  const canUpdate = ability.can('update', 'Client');

  const switchActive = async () => {
    try {
      await update.mutateAsync({ ...toInput(valuesOf(client)), id: client.id, isActive: !client.isActive });
      notifySuccess(client.isActive ? t('clients.switchedOff') : t('clients.switchedOn'), client.name);
    } catch (error) {
      notifyError(t('form.failed'), error);
    }
  };

  const deleteClient = async () => {
    try {
      const res = await remove.mutateAsync({ id: client.id });
      notifySuccess(t('clients.deleted'), res.message);
      void navigate('/clients');
    } catch (error) {
      // A 409 says why (child accounts, bookings); the server's words are shown as they are.
      notifyError(t('clients.cannotDelete'), error);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          {ability.can('create', 'Client') ? (
            <ImageUpload
              imageUrl={client.photoUrl}
              name={client.name}
              size={84}
              onUpload={async (file) => {
                await callApi('Common/UploadImageClient', { id: client.id, file });
                await onChanged();
                notifySuccess(t('clients.pictureSaved'));
              }}
            />
          ) : (
            <Avatar src={client.photoUrl} size={84} radius={84} color="cyan">
              {client.name.slice(0, 2).toUpperCase()}
            </Avatar>
          )}
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2}>{client.name}</Title>
              <ActiveBadge isActive={client.isActive} />
            </Group>
            <Group gap="xs">
              {client.accountNo ? (
                <Badge variant="outline" radius="sm">
                  {t('clients.accountNoShort', { no: client.accountNo })}
                </Badge>
              ) : null}
              {client.clientTypeName ? <Badge variant="light">{client.clientTypeName}</Badge> : null}
              <TagBadges tags={client.tags} />
            </Group>
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
          </Stack>
        </Group>
        {canUpdate || ability.can('create', 'Client') || ability.can('delete', 'Client') ? (
          <Group gap="xs">
            {canUpdate ? (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => onOpenForm({ client })}>
                {t('form.edit')}
              </Button>
            ) : null}
            {ability.can('create', 'Client') ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => onOpenForm({ parent: { id: client.id, name: client.name } })}
              >
                {t('clients.addChild')}
              </Button>
            ) : null}
            {canUpdate ? (
              <Button
                variant="default"
                leftSection={<IconPower size={16} />}
                loading={update.isPending}
                onClick={switchActive}
              >
                {client.isActive ? t('clients.switchOff') : t('clients.switchOn')}
              </Button>
            ) : null}
            {ability.can('delete', 'Client') ? (
              <ConfirmButton
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                question={t('clients.deleteQuestion', { name: client.name })}
                onConfirm={deleteClient}
              >
                {t('form.delete')}
              </ConfirmButton>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
