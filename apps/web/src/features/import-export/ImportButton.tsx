import { Alert, Badge, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import type { schemas } from '@cabdesk/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi } from '../../api/client';
import { messageOf } from '../../api/errors';
import { useRefreshAfter } from '../../api/refresh';
import { readAsUpload, type UploadedFile } from '../../ui/ImageUpload';
import { notifySuccess } from '../../ui/notify';

type Area = 'Driver' | 'Passenger' | 'Client' | 'Vehicle';
type Preview = z.output<typeof schemas.importPreview>;

/**
 * Import from CSV or XLSX: pick a file, see every row checked exactly as the import will check it
 * (nothing written yet), then import all of it at once — or fix the sheet and try again.
 */
export function ImportButton({ area }: { area: Area }) {
  const { t } = useTranslation();
  const refresh = useRefreshAfter();
  const [opened, { open, close }] = useDisclosure(false);
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Lets the same file be picked again after it was corrected.
  const resetInput = useRef<() => void>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
  };

  const pick = async (picked: File | null) => {
    if (!picked) return;
    reset();
    resetInput.current?.();
    setBusy(true);
    try {
      const upload = { ...(await readAsUpload(picked)), mimeType: picked.type || 'text/csv' };
      setFile(upload);
      const res = await callApi(`${area}/GetImportPreview`, { file: upload });
      setPreview(res.data);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await callApi(`${area}/Import`, { file });
      notifySuccess(t('import-export.imported'), res.message);
      await refresh(`${area}/Import`);
      reset();
      close();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const fields = preview?.columns.filter((c) => c.field) ?? [];
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={open}>
        {t('import-export.import')}
      </Button>
      <Modal opened={opened} onClose={() => (reset(), close())} title={t('import-export.title')} size="xl">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('import-export.explain')}
          </Text>
          <FileButton
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={pick}
          >
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={busy && !preview} w="fit-content">
                {file ? file.fileName : t('import-export.choose')}
              </Button>
            )}
          </FileButton>
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {preview ? (
            <>
              <Group gap="xs">
                <Badge color="teal">{t('import-export.valid', { count: preview.validCount })}</Badge>
                <Badge color={preview.invalidCount ? 'red' : 'gray'}>
                  {t('import-export.invalid', { count: preview.invalidCount })}
                </Badge>
                {preview.columns
                  .filter((c) => !c.field)
                  .map((c) => (
                    <Badge key={c.header} color="gray" variant="outline">
                      {t('import-export.ignored', { column: c.header })}
                    </Badge>
                  ))}
              </Group>
              <ScrollArea h={360}>
                <Table striped withTableBorder data-testid="import-preview">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      {fields.map((c) => (
                        <Table.Th key={c.header}>{c.header}</Table.Th>
                      ))}
                      <Table.Th>{t('import-export.problems')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((row) => (
                      <Table.Tr
                        key={row.rowNumber}
                        bg={row.errors.length ? 'var(--mantine-color-red-light)' : undefined}
                      >
                        <Table.Td>{row.rowNumber}</Table.Td>
                        {fields.map((c) => (
                          <Table.Td key={c.header}>{row.values[c.header]}</Table.Td>
                        ))}
                        <Table.Td>
                          {row.errors.map((e) => (
                            <Text key={e.field + e.message} size="xs" c="red">
                              {e.field}: {e.message}
                            </Text>
                          ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => (reset(), close())}>
                  {t('form.cancel')}
                </Button>
                <Button onClick={commit} loading={busy} disabled={preview.invalidCount > 0 || preview.validCount === 0}>
                  {t('import-export.importRows', { count: preview.validCount })}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
