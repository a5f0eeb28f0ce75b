import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
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

/** Exports what a list shows (its filters and sort, every page) to XLSX. */
export function ExportButton({ call, input }: { call: string; input: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { page: _page, perPage: _perPage, ...filters } = input;
          const res = await callApi('Common/ExportToExcel', { call, input: filters });
          download(res.data);
        } catch (error) {
          notifyError(t('list.exportFailed'), error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('list.export')}
    </Button>
  );
}
