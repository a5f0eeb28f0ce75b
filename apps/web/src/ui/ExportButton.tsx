import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client';
import { notifyError } from './notify';

/** Saves a base64 file the server made, through a temporary link. */
export function download(file: { fileName: string; mimeType: string; content: string }): void {
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports what a list shows (its filters and sort, every page) to XLSX; with `pdfTitle`, also to a
 * printable PDF headed with that title (the reports).
 */
export function ExportButton({
  call,
  input,
  pdfTitle,
}: {
  call: string;
  input: Record<string, unknown>;
  pdfTitle?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      const { page: _page, perPage: _perPage, ...filters } = input;
      const res =
        format === 'pdf'
          ? await callApi('Common/ExportToPdf', { call, input: filters, title: pdfTitle })
          : await callApi('Common/ExportToExcel', { call, input: filters });
      download(res.data);
    } catch (error) {
      notifyError(t('list.exportFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  const excel = (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy === 'xlsx'}
      disabled={busy === 'pdf'}
      onClick={() => void run('xlsx')}
    >
      {t('list.export')}
    </Button>
  );
  if (pdfTitle === undefined) return excel;
  return (
    <Group gap="xs">
      {excel}
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        disabled={busy === 'xlsx'}
        onClick={() => void run('pdf')}
      >
        {t('list.exportPdf')}
      </Button>
    </Group>
  );
}
