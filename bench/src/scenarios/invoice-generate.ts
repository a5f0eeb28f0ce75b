import { poster } from '../load';
import type { InvoiceGenerateSeed } from '../operations/seed-invoice-generate';
import type { BenchContext } from './context';

interface Run {
  id: number;
  status: string;
  clientsTotal: number;
  clientsDone: number;
  invoicesMade: number;
  error: string | null;
}

/**
 * BookingInvoice/CreateAutoGenerate for the seeded period, timed from the call until
 * GetAutoGenerateRun says the run is done (polled every 200 ms, as a screen would more slowly).
 */
export async function invoiceGenerate(ctx: BenchContext, seed: InvoiceGenerateSeed) {
  const post = poster(ctx.appUrl, ctx.officeToken);
  const started = performance.now();
  const made = await post('/BookingInvoice/CreateAutoGenerate', { fromDate: seed.fromDate, toDate: seed.toDate });
  if (!made.ok) throw new Error(`CreateAutoGenerate answered ${made.status}: ${JSON.stringify(made.json)}`);
  const answerMs = Math.round(performance.now() - started);
  let run = (made.json as { data: Run }).data;
  while (run.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    const res = await post('/BookingInvoice/GetAutoGenerateRun', { id: run.id });
    if (!res.ok) throw new Error(`GetAutoGenerateRun answered ${res.status}`);
    run = (res.json as { data: Run }).data;
  }
  const totalMs = Math.round(performance.now() - started);
  return {
    clients: run.clientsTotal,
    clientsDone: run.clientsDone,
    jobs: seed.jobs,
    invoicesMade: run.invoicesMade,
    status: run.status,
    error: run.error,
    answerMs,
    totalMs,
    msPerClient: Math.round((totalMs / Math.max(run.clientsDone, 1)) * 10) / 10,
  };
}
