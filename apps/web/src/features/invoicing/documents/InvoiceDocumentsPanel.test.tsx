import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureWords } from '../../../i18n';
import { calls, renderAt, resetServer } from '../../../kit/test-utils';
import { InvoiceDocumentsPanel } from './InvoiceDocumentsPanel';

vi.mock('../../../api/client', () => import('../../../kit/test-utils').then((m) => m.clientMock));

afterEach(cleanup);
beforeAll(() => featureWords('en'));

const sha = 'a'.repeat(12) + 'b'.repeat(52);

describe('InvoiceDocumentsPanel', { timeout: 30_000 }, () => {
  it('lists the stored documents with their SHA-256 shown short, and sends the e-mail to the addresses typed', async () => {
    resetServer({
      'BookingInvoice/GetInvoiceDocuments': () => ({
        data: {
          invoiceId: 5,
          documents: [
            {
              id: 1,
              kind: 'invoicePdf',
              fileName: 'Invoice-INV-2026-00001.pdf',
              mimeType: 'application/pdf',
              byteSize: 6144,
              sha256: sha,
              createdAt: '2026-11-02T09:00:00Z',
            },
          ],
        },
      }),
      'BookingInvoice/GetGenerateDocumentEmail': () => ({
        data: {
          invoiceId: 5,
          invoiceNo: 'INV-2026-00001',
          to: ['ap@acme.test'],
          subject: 'Invoice INV-2026-00001 from Docs Cars',
          body: 'Dear Acme,\n\nPlease find attached invoice INV-2026-00001.',
          attachmentName: 'Invoice-INV-2026-00001.pdf',
        },
      }),
      'BookingInvoice/CreateInvoiceEmail': () => ({
        code: 200,
        message: 'Invoice INV-2026-00001 is on its way.',
        data: { invoiceId: 5, status: 'sent', sentAt: '2026-11-02T10:00:00Z', queued: 2, messages: [] },
      }),
    });
    renderAt(<InvoiceDocumentsPanel invoiceId={5} status="approved" />);
    expect(await screen.findByText('Invoice-INV-2026-00001.pdf')).toBeTruthy();
    expect(screen.getByText('aaaaaaaaaaaa…')).toBeTruthy();
    expect(screen.getByLabelText(`SHA-256 ${sha}`)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-mail invoice' }));
    const dialog = await screen.findByRole('dialog');
    const to = await within(dialog).findByLabelText(/^To/);
    expect((to as HTMLInputElement).value).toBe('ap@acme.test');
    expect(within(dialog).getByText('Attached: Invoice-INV-2026-00001.pdf')).toBeTruthy();
    await user.clear(to);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Give at least one e-mail address.')).toBeTruthy();
    await user.type(to, 'ap@acme.test, boss@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'BookingInvoice/CreateInvoiceEmail')?.input).toEqual({
        invoiceId: 5,
        emails: ['ap@acme.test', 'boss@acme.test'],
        message: undefined,
      }),
    );
  });

  it('says a draft is not kept, and offers no e-mail; an empty list and a failed one in words', async () => {
    resetServer({ 'BookingInvoice/GetInvoiceDocuments': () => ({ data: { invoiceId: 6, documents: [] } }) });
    renderAt(<InvoiceDocumentsPanel invoiceId={6} status="draft" />);
    expect(await screen.findByText('No document is stored yet.')).toBeTruthy();
    expect(screen.getByText(/its PDF is marked DRAFT and is not kept/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download draft PDF' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'E-mail invoice' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    resetServer({
      'BookingInvoice/GetInvoiceDocuments': () => {
        throw new Error('The server is away.');
      },
    });
    renderAt(<InvoiceDocumentsPanel invoiceId={7} status="sent" />);
    expect(await screen.findByText('The documents could not be loaded')).toBeTruthy();
  });

  it('says a just-approved invoice’s documents are being stored, and lists them once the job has stored them', async () => {
    let asked = 0;
    resetServer({
      'BookingInvoice/GetInvoiceDocuments': () => {
        asked += 1;
        return {
          data: {
            invoiceId: 8,
            documents:
              asked < 2
                ? []
                : [
                    {
                      id: 1,
                      kind: 'invoicePdf',
                      fileName: 'INV-2026-00008.pdf',
                      mimeType: 'application/pdf',
                      byteSize: 2048,
                      sha256: 'ab'.repeat(32),
                      createdAt: '2026-11-28T10:00:00Z',
                    },
                  ],
          },
        };
      },
    });
    renderAt(<InvoiceDocumentsPanel invoiceId={8} status="approved" />);
    expect(await screen.findByText("The invoice's PDF and spreadsheet are being stored…")).toBeTruthy();
    expect(
      await screen.findByRole('table', { name: 'Documents stored for this invoice' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(asked).toBeGreaterThanOrEqual(2);
  });
});
