import { Avatar, FileButton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from './initials';
import { notifyError } from './notify';

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  content: string;
}

export function readAsUpload(file: File): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ fileName: file.name, mimeType: file.type, content: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

const MAX_BYTES = 5 * 1024 * 1024;

/** A round picture with a camera button: picks an image, checks its size, hands it to `onUpload`. */
export function ImageUpload({
  imageUrl,
  name,
  onUpload,
  size = 96,
}: {
  imageUrl: string | null | undefined;
  name: string;
  onUpload: (file: UploadedFile) => Promise<unknown>;
  size?: number;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Stack align="center" gap={4}>
      <FileButton
        accept="image/png,image/jpeg,image/webp,image/gif"
        onChange={async (file) => {
          if (!file) return;
          if (file.size > MAX_BYTES) return notifyError(t('form.uploadImage'), new Error(t('form.imageTooLarge')));
          setBusy(true);
          try {
            await onUpload(await readAsUpload(file));
          } catch (error) {
            notifyError(t('form.uploadImage'), error);
          } finally {
            setBusy(false);
          }
        }}
      >
        {(props) => (
          <UnstyledButton
            {...props}
            // Label in name (WCAG 2.5.3): initials shown on the button are part of its name.
            aria-label={imageUrl ? t('form.uploadImage') : `${initialsOf(name)}: ${t('form.uploadImage')}`}
            disabled={busy}
            style={{ position: 'relative' }}
          >
            <Avatar src={imageUrl ?? null} alt={name} size={size} radius={size} color="cyan">
              {initialsOf(name)}
            </Avatar>
            <Avatar
              size={28}
              radius="xl"
              color="dark"
              variant="filled"
              style={{ position: 'absolute', right: 0, bottom: 0 }}
            >
              <IconCamera size={16} />
            </Avatar>
          </UnstyledButton>
        )}
      </FileButton>
      {busy ? (
        <Text size="xs" c="dimmed">
          {t('form.loading')}
        </Text>
      ) : null}
    </Stack>
  );
}
