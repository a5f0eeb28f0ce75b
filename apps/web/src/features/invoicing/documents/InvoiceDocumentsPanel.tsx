import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { useCall, useCallMutation } from '../../../api/hooks';
import { RecordFormModal } from '../../../kit/RecordFormModal';
import { download } from '../../../ui/ExportButton';
import { count, dateTime } from '../../../ui/format';
import { notifyError, notifySuccess } from '../../../ui/notify';

/** Statuses an invoice may be e-mailed in (the server says the same with a 409). */
const SENDABLE = ['approved', 'sent', 'part_paid', 'paid'];

interface MadeFile {
  fileName: string;
  mimeType: string;
  content: string;
}

/** A button that fetches a document the server makes (base64) and saves it. */
function DownloadButton({
  load,
  label,
  failed,
  icon,
}: {
  load: () => Promise<{ data: MadeFile }>;
  label: string;
  failed: string;
  icon: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={icon}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          download((await load()).data);
        } catch (error) {
          notifyError(failed, error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/** Addresses typed one a line or with commas between them. */
const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

function EmailForm({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useCall('BookingInvoice/GetGenerateDocumentEmail', { invoiceId });
  const send = useCallMutation('BookingInvoice/CreateInvoiceEmail', { refreshes: { also: ['Invoice'] } });
  const [to, setTo] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  if (preview.isError) {
    return (
      <Alert color="red" title={t('invoicing.documents.email.previewFailed')}>
        {messageOf(preview.error)}
      </Alert>
    );
  }
  if (!preview.data) return <Skeleton h={160} aria-label={t('invoicing.documents.email.loading')} />;
  const mail = preview.data.data;
  const typed = to ?? mail.to.join(', ');
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const emails = addressesOf(typed);
        if (emails.length === 0) {
          setFieldError(t('invoicing.documents.email.toRequired'));
          return;
        }
        setFieldError(null);
        try {
          const res = await send.mutateAsync({ invoiceId, emails, message: message.trim() || undefined });
          notifySuccess(t('invoicing.documents.email.sent'), res.message);
          onClose();
        } catch (error) {
          setFieldError(messageOf(error));
        }
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('invoicing.documents.email.to')}
          description={t('invoicing.documents.email.toHint')}
          value={typed}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={fieldError}
          required
          data-autofocus
        />
        <TextInput label={t('invoicing.documents.email.subject')} value={mail.subject} readOnly />
        <Textarea
          label={t('invoicing.documents.email.message')}
          description={t('invoicing.documents.email.messageHint')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
        />
        <div>
          <Text size="sm" fw={500} id={`invoice-mail-body-${invoiceId}`}>
            {t('invoicing.documents.email.body')}
          </Text>
          <Paper withBorder p="sm" aria-labelledby={`invoice-mail-body-${invoiceId}`}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {mail.body}
            </Text>
          </Paper>
        </div>
        <Text size="sm">{t('invoicing.documents.email.attachment', { name: mail.attachmentName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} leftSection={<IconMail size={16} />}>
            {t('invoicing.documents.email.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const kindWords = ['invoicePdf', 'invoiceXlsx', 'creditNotePdf', 'receiptPdf'];

function DocumentsList({ invoiceId, issued }: { invoiceId: number; issued: boolean }) {
  const { t } = useTranslation();
  const list = useCall(
    'BookingInvoice/GetInvoiceDocuments',
    { invoiceId },
    {
      // An issued invoice's PDF and spreadsheet are stored by a job just after approval: the list
      // looks again until they are there, rather than saying "none" to someone who just approved it.
      refetchInterval: (q) => (issued && q.state.data?.data.documents.length === 0 ? 2000 : false),
    },
  );
  if (list.isError) {
    return (
      <Alert color="red" title={t('invoicing.documents.list.loadFailed')}>
        {messageOf(list.error)}
      </Alert>
    );
  }
  if (!list.data) return <Skeleton h={60} aria-label={t('invoicing.documents.list.loading')} />;
  const docs = list.data.data.documents;
  if (docs.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {issued ? t('invoicing.documents.list.storing') : t('invoicing.documents.list.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('invoicing.documents.list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoicing.documents.list.kind')}</Table.Th>
            <Table.Th scope="col">{t('invoicing.documents.list.file')}</Table.Th>
            <Table.Th scope="col">{t('invoicing.documents.list.size')}</Table.Th>
            <Table.Th scope="col">{t('invoicing.documents.list.sha')}</Table.Th>
            <Table.Th scope="col">{t('invoicing.documents.list.made')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((d) => {
            const kind = kindWords.find((k) => d.kind === k || d.kind.startsWith(`${k}:`)) ?? 'other';
            return (
              <Table.Tr key={d.id}>
                <Table.Td>{t(`invoicing.documents.kind.${kind}`)}</Table.Td>
                <Table.Td>{d.fileName}</Table.Td>
                <Table.Td>
                  {t('invoicing.documents.list.kb', { size: count(Math.max(1, Math.round(d.byteSize / 1024))) })}
                </Table.Td>
                <Table.Td>
                  <Code title={d.sha256} aria-label={t('invoicing.documents.list.shaFull', { sha: d.sha256 })}>
                    {d.sha256.slice(0, 12)}…
                  </Code>
                </Table.Td>
                <Table.Td>{dateTime(d.createdAt)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * An invoice's documents: its PDF and XLSX to download (a draft's are made now, marked DRAFT, and not
 * kept), the e-mail with its preview, and the documents stored at issue with their SHA-256.
 */
export function InvoiceDocumentsPanel({ invoiceId, status }: { invoiceId: number; status: string }) {
  const { t } = useTranslation();
  const [mailing, setMailing] = useState(false);
  const draft = status === 'draft';
  const sendable = SENDABLE.includes(status);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t('invoicing.documents.title')}</Title>
        <Group gap="xs" wrap="wrap">
          <DownloadButton
            load={() => callApi('BookingInvoice/GetGenerateDocument', { invoiceId })}
            label={draft ? t('invoicing.documents.pdfDraft') : t('invoicing.documents.pdf')}
            failed={t('invoicing.documents.downloadFailed')}
            icon={<IconDownload size={16} />}
          />
          <DownloadButton
            load={() => callApi('BookingInvoice/GetGenerateDocumentExcelFixed', { invoiceId })}
            label={t('invoicing.documents.xlsx')}
            failed={t('invoicing.documents.downloadFailed')}
            icon={<IconFileSpreadsheet size={16} />}
          />
          <Button leftSection={<IconMail size={16} />} disabled={!sendable} onClick={() => setMailing(true)}>
            {t('invoicing.documents.email.open')}
          </Button>
        </Group>
      </Group>
      {draft ? (
        <Text size="sm" c="dimmed">
          {t('invoicing.documents.draftNote')}
        </Text>
      ) : null}
      {!draft && !sendable ? (
        <Text size="sm" c="dimmed">
          {t('invoicing.documents.cancelledNote')}
        </Text>
      ) : null}
      <DocumentsList invoiceId={invoiceId} issued={!draft} />
      <RecordFormModal
        opened={mailing}
        onClose={() => setMailing(false)}
        title={t('invoicing.documents.email.title')}
        size="min(640px, 96vw)"
      >
        <EmailForm invoiceId={invoiceId} onClose={() => setMailing(false)} />
      </RecordFormModal>
    </Stack>
  );
}

/**
 * A booking's receipt: download the PDF (card or cash) and e-mail it to the address typed or the
 * passenger's. For a booking's payment panel; the server says 409 in words when nothing is paid.
 */
export function ReceiptButtons({ bookingId, method }: { bookingId: number; method: 'card' | 'cash' | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useCallMutation('BookingInvoice/SendReceiptEmail');
  return (
    <Group gap="xs" wrap="wrap">
      {method ? (
        <DownloadButton
          load={() =>
            method === 'card'
              ? callApi('BookingInvoice/SendReceiptCardPDF', { bookingId })
              : callApi('BookingInvoice/SendReceiptEmailCashPDF', { bookingId })
          }
          label={t('invoicing.documents.receipt.download')}
          failed={t('invoicing.documents.receipt.failed')}
          icon={<IconDownload size={16} />}
        />
      ) : null}
      <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setOpen(true)}>
        {t('invoicing.documents.receipt.email')}
      </Button>
      <RecordFormModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('invoicing.documents.receipt.title')}
        size="min(480px, 96vw)"
      >
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            try {
              const res = await send.mutateAsync({ bookingId, email: email.trim() || undefined });
              notifySuccess(t('invoicing.documents.receipt.sent'), res.message);
              setOpen(false);
            } catch (e) {
              setError(messageOf(e));
            }
          }}
        >
          <Stack gap="sm">
            <TextInput
              type="email"
              label={t('invoicing.documents.receipt.to')}
              description={t('invoicing.documents.receipt.toHint')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {t('invoicing.documents.receipt.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </RecordFormModal>
    </Group>
  );
}
