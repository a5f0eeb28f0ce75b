import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { Services } from '../../../platform/services';
import { systemContext } from '../../dispatch/offer-expiry';
import { issueCreditNoteDocument, issueInvoiceDocuments } from './issue';

const ISSUE_DOCUMENTS_JOB = 'invoice-documents';

interface IssueJob {
  companyId: number;
  invoiceId?: number;
  creditNoteId?: number;
}

/*
 * An approval's documents are rendered and stored right after its commit, by a job (docs/invoicing.md
 * #documents): approving hundreds of generated invoices at once keeps its transaction (and the
 * series' counter row) short instead of rendering every PDF inside it. A read of a document before the
 * job ran stores the same documents first; the job then finds them and keeps them.
 */
export function defineDocumentJobs(services: Services): void {
  services.jobs.define<IssueJob>({
    name: ISSUE_DOCUMENTS_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    handler: async (data) => {
      const effects: (() => unknown)[] = [];
      try {
        await services.db.transaction(async (tx) => {
          const ctx = systemContext(tx, services, Number(data.companyId), effects, 'invoice-documents');
          if (data.invoiceId) await issueInvoiceDocuments(ctx, Number(data.invoiceId));
          if (data.creditNoteId) await issueCreditNoteDocument(ctx, Number(data.creditNoteId));
        });
      } catch (error) {
        // Taken back to draft (or deleted) before the job ran: nothing to store.
        if (error instanceof AppError && error.status < 500) return;
        throw error;
      }
    },
  });
}

/** Queues the documents of issued invoices or credit notes, once the caller's transaction commits. */
export function queueIssuedDocuments(
  ctx: CallContext<Session>,
  owners: { invoiceIds?: number[]; creditNoteIds?: number[] },
): void {
  const { companyId } = ctx.session;
  ctx.afterCommit(async () => {
    for (const invoiceId of owners.invoiceIds ?? []) {
      await ctx.services.jobs.send(ISSUE_DOCUMENTS_JOB, { companyId, invoiceId }, { singletonKey: `i${invoiceId}` });
    }
    for (const creditNoteId of owners.creditNoteIds ?? []) {
      await ctx.services.jobs.send(
        ISSUE_DOCUMENTS_JOB,
        { companyId, creditNoteId },
        { singletonKey: `c${creditNoteId}` },
      );
    }
  });
}
