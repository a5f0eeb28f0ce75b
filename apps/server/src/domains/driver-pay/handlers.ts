import { sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { handlers, type CallContext } from '../../platform/http/context';
import { addAdjustment, correctJobPay, deleteAdjustment, deleteStatement } from './adjustments';
import { approveStatements } from './approve';
import { generatePeriod, runAnswer, runById, type Generated } from './generate';
import {
  eligibleDrivers,
  listDeductions,
  listLines,
  listStatements,
  statementDetails,
  statementRowById,
  statementRows,
} from './lists';
import { officeStatementDocument, ownStatementDocument } from './statement-document';
import { sendStatementEmail } from './statement-email';
import { deletePayment, listPayments, paymentRows, paymentTotals, recordPayment, settleStatements } from './settle';

type Ctx = CallContext<Session>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A change's answer: the statement it changed, in full. */
const withDetails = async (ctx: Ctx, id: number, message: string) => ({
  data: await statementDetails(ctx, id),
  message,
});

/** A payment's answer: the statement and the payment recorded. */
const withPayment = async (ctx: Ctx, paymentId: number, message: string) => {
  const [payment] = await paymentRows(ctx, [paymentId]);
  return { data: { statement: await statementRowById(ctx, payment!.statementId), payment: payment! }, message };
};

const withRow = async (ctx: Ctx, id: number, message: string) => ({
  data: await statementRowById(ctx, id),
  message,
});

const deleted = (row: Awaited<ReturnType<typeof statementRowById>>) => ({
  data: row,
  message: 'The driver statement is deleted; its jobs can be paid again.',
});

const generated = async (ctx: Ctx, outcome: Generated) => ({
  data: {
    run: outcome.run ? runAnswer(outcome.run) : null,
    made: outcome.made.length,
    replaced: outcome.replaced,
    statements: await statementRows(ctx, outcome.made),
  },
  message: outcome.run
    ? `Making statements for ${plural(outcome.run.driverIds.length, 'driver')}.`
    : `${plural(outcome.made.length, 'driver statement')} made${outcome.replaced ? `, ${outcome.replaced} replaced` : ''}.`,
});

const approved = async (ctx: Ctx, ids: number[]) => {
  const statements = await statementRows(ctx, ids);
  return {
    data: { statements },
    message:
      statements.length === 1
        ? `Driver statement ${statements[0]?.statementNo} is approved.`
        : `${statements.length} driver statements are approved.`,
  };
};

const settled = async (ctx: Ctx, statementIds: number[], paymentIds: number[]) => ({
  data: {
    statements: await statementRows(ctx, [...new Set(statementIds)]),
    payments: await paymentRows(ctx, paymentIds),
  },
  message: `${plural(paymentIds.length, 'driver statement')} settled.`,
});

/** Driver statements: generating, approving and settling (docs/driver-pay.md#statements-and-calls). */
export const driverPayHandlers = handlers({
  'DrvrPayment/GetEligibleDrivers': (input, ctx) => eligibleDrivers(ctx, input),
  'DrvrPayment/GeneratePayment': async (input, ctx) => generated(ctx, await generatePeriod(ctx, input)),
  'DrvrPayment/GetGeneratePaymentRun': async (input, ctx) => runAnswer(await runById(ctx, input.id)),
  'DrvrPayment/SendDriverStatementEmail': (input, ctx) => sendStatementEmail(ctx, input.id),
  'DrvrPayment/GetGeneratedPayments': (input, ctx) => listStatements(ctx, input),
  'DrvrPayment/GetAttentionPayments': (input, ctx) => listStatements(ctx, input, sql`s.status = 'attention'`),
  'DrvrPayment/GetGeneratedPaymentsViews': (input, ctx) => statementDetails(ctx, input.id),
  'DrvrPayment/AddDriverPaymentAdjustments': async (input, ctx) =>
    withDetails(ctx, await addAdjustment(ctx, input), 'The adjustment is added.'),
  'DrvrPayment/DeleteDriverPaymentAdjustment': async (input, ctx) =>
    withDetails(ctx, await deleteAdjustment(ctx, input.id), 'The adjustment is removed.'),
  'DrvrPayment/GetDriverPaymentAdjustments': (input, ctx) => listLines(ctx, input),
  'DrvrPayment/updateCommissionsGeneratedPaymentsViews': async (input, ctx) =>
    withDetails(ctx, await correctJobPay(ctx, input), `The pay of job ${input.bookingId} is set.`),
  'DrvrPayment/UpdateCommissionsGetCollectFromDriverDetail': async (input, ctx) =>
    withDetails(ctx, await correctJobPay(ctx, input), `The pay of job ${input.bookingId} is set.`),
  'DrvrPayment/DeleteGeneratedPayment': async (input, ctx) => deleted(await deleteStatement(ctx, input.id)),
  'DrvrPayment/DeletePayToDriver': async (input, ctx) => deleted(await deleteStatement(ctx, input.id, 'payToDriver')),
  'DrvrPayment/DeleteCollectFromDriver': async (input, ctx) =>
    deleted(await deleteStatement(ctx, input.id, 'collectFromDriver')),
  'DrvrPayment/ApprovePayments': async (input, ctx) => approved(ctx, await approveStatements(ctx, input.ids)),
  'DrvrPayment/SettlePayments': async (input, ctx) => settled(ctx, input.ids, await settleStatements(ctx, input)),
  'DrvrPayment/CreateBillPayments': async (input, ctx) =>
    withPayment(ctx, await recordPayment(ctx, 'bill', input), 'The payment to the driver is recorded.'),
  'DrvrPayment/CreateInvoice': async (input, ctx) =>
    withPayment(ctx, await recordPayment(ctx, 'invoice', input), 'The money collected from the driver is recorded.'),
  'DrvrPayment/GetBillPayments': (input, ctx) => listPayments(ctx, 'bill', input),
  'DrvrPayment/GetDriversInvoice': (input, ctx) => listPayments(ctx, 'invoice', input),
  'DrvrPayment/GetDriversBillTotalPayment': (input, ctx) => paymentTotals(ctx, 'bill', input),
  'DrvrPayment/GetDriversInvoiceTotalPayment': (input, ctx) => paymentTotals(ctx, 'invoice', input),
  'DrvrPayment/DeleteBillPayments': async (input, ctx) =>
    withRow(ctx, await deletePayment(ctx, 'bill', input.id), 'The payment to the driver is deleted.'),
  'DrvrPayment/DeleteInvoicePayments': async (input, ctx) =>
    withRow(ctx, await deletePayment(ctx, 'invoice', input.id), 'The money collected is deleted.'),
  'DrvrPayment/GetTableSummaryDriverDeductions': (input, ctx) => listDeductions(ctx, input),
  'BookingInvoice/GetGenerateDocumentDriverPayment': (input, ctx) => officeStatementDocument(ctx, input.id),
  'BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp': (input, ctx) => ownStatementDocument(ctx, input.id),
});
