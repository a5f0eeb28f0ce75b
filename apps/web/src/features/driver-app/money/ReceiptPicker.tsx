import { ActionIcon, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileText, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptProblem, type ReceiptProblem } from './receipt';

const ACCEPT = 'image/*,application/pdf';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A receipt: the camera straight away, or a file already on the phone (a PDF from the car park's
 * e-mail, say); a file that is too large or of another kind is refused before anything is sent.
 */
export function ReceiptPicker({
  file,
  onChange,
  onProblem,
  required,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  onProblem: (problem: ReceiptProblem) => void;
  required: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const preview = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (picked: File | null) => {
    if (!picked) return;
    const problem = receiptProblem(picked);
    if (problem) onProblem(problem);
    else onChange(picked);
  };

  return (
    <Input.Wrapper
      label={t('driver-app.money.expense.receipt')}
      description={t('driver-app.money.expense.receiptHint')}
      required={required}
      error={error}
    >
      {file ? (
        <Paper withBorder radius="md" p="xs" mt={4} data-testid="receipt-chosen">
          <Group wrap="nowrap" gap="sm">
            {preview ? (
              <Image
                src={preview}
                alt={t('driver-app.money.expense.receiptPreview')}
                w={56}
                h={56}
                radius="sm"
                fit="cover"
              />
            ) : (
              <IconFileText size={40} aria-hidden />
            )}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {fileSize(file.size)}
              </Text>
            </Stack>
            <ActionIcon
              size={44}
              variant="subtle"
              color="gray"
              aria-label={t('driver-app.money.expense.removeReceipt')}
              onClick={() => onChange(null)}
            >
              <IconX size={20} />
            </ActionIcon>
          </Group>
        </Paper>
      ) : (
        <Group grow mt={4}>
          <FileButton
            onChange={pick}
            accept={ACCEPT}
            capture="environment"
            inputProps={{ 'aria-label': t('driver-app.money.expense.takePhoto') }}
          >
            {(props) => (
              <Button {...props} variant="light" size="md" leftSection={<IconCamera size={20} />}>
                {t('driver-app.money.expense.takePhoto')}
              </Button>
            )}
          </FileButton>
          <FileButton
            onChange={pick}
            accept={ACCEPT}
            inputProps={{ 'aria-label': t('driver-app.money.expense.chooseFile') }}
          >
            {(props) => (
              <Button {...props} variant="default" size="md" leftSection={<IconPaperclip size={20} />}>
                {t('driver-app.money.expense.chooseFile')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Input.Wrapper>
  );
}
