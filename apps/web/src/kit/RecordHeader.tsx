import { Avatar, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../app/can-call';
import { useCallMutation } from '../api/hooks';
import { ImageUpload } from '../ui/ImageUpload';
import { initialsOf } from '../ui/initials';
import { notifySuccess } from '../ui/notify';

/** The top of a record's page: its picture, name, badges, a line or two about it, and what can be done. */
export function RecordHeader({
  picture,
  title,
  beside,
  badges,
  children,
  actions,
}: {
  picture: ReactNode;
  title: ReactNode;
  /** Next to the name: a callsign, a make and model. */
  beside?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="lg" wrap="nowrap" align="center">
          {picture}
          <Stack gap={6}>
            <Group gap="sm" align="baseline">
              <Title order={2}>{title}</Title>
              {beside}
            </Group>
            {badges ? <Group gap={6}>{badges}</Group> : null}
            {children}
          </Stack>
        </Group>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Paper>
  );
}

type UploadCall =
  'Common/UploadImageDriver' | 'Common/UploadImageStaff' | 'Common/UploadImagePassenger' | 'Common/UploadImageClient';

/** The record's picture; roles that may upload one get the camera button. */
export function RecordPicture({
  id,
  url,
  name,
  upload,
  size = 96,
}: {
  id: number;
  url: string | null;
  name: string;
  upload: UploadCall;
  size?: number;
}) {
  const { t } = useTranslation();
  const canCall = useCanCall();
  const send = useCallMutation(upload);
  if (!canCall(upload)) {
    return (
      <Avatar src={url} alt={name} size={size} radius={size} color="cyan">
        {initialsOf(name)}
      </Avatar>
    );
  }
  return (
    <ImageUpload
      imageUrl={url}
      name={name}
      size={size}
      onUpload={async (file) => {
        const answer = await send.mutateAsync({ id, file });
        notifySuccess(t('record.pictureSaved'), answer.message);
      }}
    />
  );
}
