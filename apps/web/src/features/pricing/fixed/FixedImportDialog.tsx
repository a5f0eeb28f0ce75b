import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { useRefreshAfter } from '../../../api/refresh';
import { readAsUpload, type UploadedFile } from '../../../ui/ImageUpload';
import { notifySuccess } from '../../../ui/notify';
import { FixedImportPreview, type ImportResult } from './FixedImportPreview';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Step = 'choose' | 'checking' | 'preview' | 'importing' | 'done';

/**
 * Import fixed prices from XLSX: choose a file → every row's outcome (new, changed, unchanged, error
 * with the reason) with a count of each, nothing written → "Import N rows" → progress → done.
 */
export function FixedImportDialog({ pricingModelID }: { pricingModelID?: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshAfter();
  const [opened, { open, close }] = useDisclosure(false);
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  const reset = () => {
    setStep('choose');
    setFile(null);
    setResult(null);
    setFailure(null);
  };
  const finish = () => {
    reset();
    close();
  };

  const pick = async (picked: File | null) => {
    if (!picked) return;
    reset();
    resetInput.current?.();
    setStep('checking');
    try {
      const upload = { ...(await readAsUpload(picked)), mimeType: picked.type || XLSX };
      setFile(upload);
      const res = await callApi('FixedPricing/SaveExcelImportFile', { file: upload, pricingModelID, commit: false });
      setResult(res.data);
      setStep('preview');
    } catch (error) {
      setFailure(messageOf(error));
      setStep('choose');
    }
  };

  const toWrite = result ? result.counts.new + result.counts.changed : 0;
  const commit = async () => {
    if (!file) return;
    setStep('importing');
    setFailure(null);
    try {
      const res = await callApi('FixedPricing/SaveExcelImportFile', { file, pricingModelID, commit: true });
      setResult(res.data);
      setStep('done');
      notifySuccess(t('pricing.fixed.import.title'), res.message);
      await refresh('FixedPricing/SaveExcelImportFile');
    } catch (error) {
      setFailure(messageOf(error));
      setStep('preview');
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={open}>
        {t('pricing.fixed.import.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={finish}
        title={t('pricing.fixed.import.title')}
        size="xl"
        closeOnClickOutside={false}
      >
        <Stack gap="sm">
          <Text size="sm">{t('pricing.fixed.import.explain')}</Text>
          {step === 'choose' || step === 'checking' || step === 'preview' ? (
            <FileButton accept={`.xlsx,${XLSX}`} onChange={pick} resetRef={resetInput}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={step === 'checking'} w="fit-content">
                  {file ? file.fileName : t('pricing.fixed.import.choose')}
                </Button>
              )}
            </FileButton>
          ) : null}
          {step === 'checking' ? <Text size="sm">{t('pricing.fixed.import.checking')}</Text> : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {result && step !== 'importing' ? <FixedImportPreview result={result} /> : null}
          {step === 'importing' ? (
            <Stack gap={4} role="status">
              <Text size="sm">{t('pricing.fixed.import.importing', { count: toWrite })}</Text>
              <Progress value={100} animated aria-label={t('pricing.fixed.import.importing', { count: toWrite })} />
            </Stack>
          ) : null}
          {step === 'preview' && result ? (
            <>
              {result.counts.error ? (
                <Alert color="orange">{t('pricing.fixed.import.fixFirst')}</Alert>
              ) : toWrite === 0 ? (
                <Alert color="gray">{t('pricing.fixed.import.nothingToDo')}</Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={finish}>
                  {t('pricing.fixed.import.cancel')}
                </Button>
                <Button onClick={commit} disabled={result.counts.error > 0 || toWrite === 0}>
                  {t('pricing.fixed.import.importRows', { count: toWrite })}
                </Button>
              </Group>
            </>
          ) : null}
          {step === 'done' && result ? (
            <>
              <Alert color="teal" role="status">
                {t('pricing.fixed.import.done', {
                  new: result.counts.new,
                  changed: result.counts.changed,
                  version: result.version ?? '—',
                })}
              </Alert>
              <Group justify="flex-end">
                <Button onClick={finish}>{t('pricing.fixed.import.close')}</Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
