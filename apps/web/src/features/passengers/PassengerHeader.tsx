import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPencil, IconPhone, IconPower, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAbility } from '../../app/ability';
import { useCallMutation } from '../../api/hooks';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ImageUpload } from '../../ui/ImageUpload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SwitchedOffBadge, TagBadges, VipBadge } from './badges';
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
export function PassengerHeader({ passenger, onEdit }: { passenger: Passenger; onEdit: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const upload = useCallMutation('Common/UploadImagePassenger');
  const update = useCallMutation('Passenger/Update');
  const remove = useCallMutation('Passenger/Delete');
  const p = passenger;
  const canChange = ability.can('update', 'Passenger');

  const switchOnOff = async () => {
    try {
      const result = await update.mutateAsync({ id: p.id, isActive: !p.isActive });
      notifySuccess(p.isActive ? t('passengers.switchedOff') : t('passengers.switchedOn'), result.message);
    } catch (error) {
      notifyError(t('form.failed'), error);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" mb="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          {ability.can('create', 'Passenger') ? (
            <ImageUpload
              imageUrl={p.photoUrl}
              name={p.name}
              onUpload={async (file) => {
                await upload.mutateAsync({ id: p.id, file });
                notifySuccess(t('passengers.photoSaved'));
              }}
            />
          ) : (
            <Avatar src={p.photoUrl} alt={p.name} size={96} radius={96} color="cyan">
              {p.name.slice(0, 2).toUpperCase()}
            </Avatar>
          )}
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={2}>{p.title ? `${p.title} ${p.name}` : p.name}</Title>
              {p.isVip ? <VipBadge /> : null}
              {p.isActive ? null : <SwitchedOffBadge />}
            </Group>
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
              {p.email ? <Contact icon={<IconMail size={16} />}>{p.email}</Contact> : null}
              {p.mobile ? <Contact icon={<IconPhone size={16} />}>{p.mobile}</Contact> : null}
              {p.phone ? <Contact icon={<IconPhone size={16} />}>{p.phone}</Contact> : null}
            </Group>
            {p.tags.length ? (
              <div>
                <TagBadges tags={p.tags} />
              </div>
            ) : null}
          </Stack>
        </Group>
        <Group gap="xs">
          {canChange ? (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
                {t('form.edit')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPower size={16} />}
                loading={update.isPending}
                onClick={switchOnOff}
              >
                {p.isActive ? t('passengers.switchOff') : t('passengers.switchOn')}
              </Button>
            </>
          ) : null}
          {ability.can('delete', 'Passenger') ? (
            <ConfirmButton
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              question={t('passengers.deleteQuestion', { name: p.name })}
              onConfirm={async () => {
                try {
                  const result = await remove.mutateAsync({ id: p.id });
                  notifySuccess(t('passengers.deleted'), result.message);
                  navigate('/passengers');
                } catch (error) {
                  notifyError(t('passengers.cannotDelete'), error);
                }
              }}
            >
              {t('form.delete')}
            </ConfirmButton>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
