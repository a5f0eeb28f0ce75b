import { area, list, mutation, read } from '../define';
import { byId } from '../fields';
import * as s from './schemas';

export const drvrPaymentDriverPayment = area(
  'DrvrPayment',
  { subject: 'DriverPayment' },
  {
    GetEligibleDrivers: list({
      input: s.eligibleDriversInput,
      row: s.eligibleDriverRow,
      summary:
        'Drivers with done, validated jobs picked up in fromDate–toDate (company days) that are on no statement: job count and the net a statement would show now.',
    }),
    GeneratePayment: mutation({
      verb: 'create',
      input: s.generateInput,
      output: s.generatedAnswer,
      summary:
        "Makes each driver's statement for the period (every eligible driver, or driverIDs): jobs with their pay, bonuses, deductions, netting. The period's statements not yet approved are made again; approved ones are never touched, and a job paid on one whose pay now differs gets a correction line. A period with nothing to make is a 409. Up to 500 drivers are made in the call; more are made after it, driver by driver, each in its own transaction (the answer's `run`, GetGeneratePaymentRun).",
    }),
    GetGeneratePaymentRun: read({
      input: byId(),
      output: s.payRun,
      addedBecause:
        'GeneratePayment for many drivers answers at once and makes the statements after; a screen shows the run’s progress from this read.',
      summary:
        "A generation run's progress: drivers done of all, statements made and replaced, done or failed with why.",
    }),
    SendDriverStatementEmail: mutation({
      verb: 'update',
      input: byId(),
      output: s.sentStatementEmail,
      addedBecause:
        'the office sends a driver the self-billing statement it approved, as it sends a client an invoice; the spec names no call for it',
      summary:
        "E-mails an approved or settled statement to its driver's e-mail address, through the outbox, with the stored PDF attached (the bytes GetGenerateDocumentDriverPayment answers). A statement not yet approved: 409; a driver without an e-mail address: 400.",
    }),
    GetGeneratedPayments: list({
      input: s.statementListInput,
      row: s.statementRow,
      summary: 'Statements, newest period first: filters fromDate/toDate (the period), driverID, statusID.',
    }),
    GetAttentionPayments: list({
      input: s.statementListInput,
      row: s.statementRow,
      summary:
        'Statements that need a person (a job without a price, a net below the limit, no bank details for a payment), with the reasons.',
    }),
    GetGeneratedPaymentsViews: read({
      input: byId(),
      output: s.statementDetails,
      summary:
        'One statement: its jobs with their pay breakdown, its lines (adjustments, corrections, expenses), bonuses, deductions and totals.',
    }),
    CreateInvoice: mutation({
      verb: 'update',
      input: s.paymentInput,
      output: s.paymentAnswer,
      summary:
        "Records money collected from the driver (bank or cash) against an approved statement's collect-from: bank ← the driver's balance. More than is left to collect is a 409 naming both amounts; the statement is settled when all is collected.",
    }),
    GetDriversBillTotalPayment: list({
      input: s.paymentTotalsInput,
      row: s.paymentTotalRow,
      summary:
        'Per driver: what approved statements owe the driver, what is paid and what is left (filters fromDate/toDate, driverID).',
    }),
    GetDriversInvoiceTotalPayment: list({
      input: s.paymentTotalsInput,
      row: s.paymentTotalRow,
      summary: 'Per driver: what approved statements collect from the driver, what is collected and what is left.',
    }),
    AddDriverPaymentAdjustments: mutation({
      verb: 'update',
      input: s.adjustmentInput,
      output: s.statementDetails,
      summary:
        'Adds a manual adjustment (either sign, with its reason) to a statement not yet approved; the totals are made again. 409 after approval.',
    }),
    DeleteDriverPaymentAdjustment: mutation({
      verb: 'update',
      input: byId(),
      output: s.statementDetails,
      summary:
        'Removes a manual adjustment from a statement not yet approved; answers the statement. 409 after approval.',
    }),
    GetDriverPaymentAdjustments: list({
      input: s.adjustmentListInput,
      row: s.statementLineRow,
      summary: "A statement's lines: adjustments, corrections and expenses.",
    }),
    GetDriversInvoice: list({
      input: s.paymentListInput,
      row: s.settlementRow,
      summary:
        'Money collected from drivers against statements, newest first (filters statementId, driverID); deleted payments left out.',
    }),
    CreateBillPayments: mutation({
      verb: 'update',
      input: s.paymentInput,
      output: s.paymentAnswer,
      summary:
        "Records a payment to the driver (bank or cash) against an approved statement's pay-to: the driver's balance ← bank. More than is left to pay is a 409 naming both amounts; the statement is settled when all is paid.",
    }),
    GetBillPayments: list({
      input: s.paymentListInput,
      row: s.settlementRow,
      summary:
        'Payments made to drivers against statements, newest first (filters statementId, driverID); deleted payments left out.',
    }),
    DeleteGeneratedPayment: mutation({
      verb: 'delete',
      input: byId(),
      output: s.statementRow,
      summary: 'Deletes a statement not yet approved: its jobs may be paid again. 409 after approval.',
    }),
    DeletePayToDriver: mutation({
      verb: 'delete',
      input: byId(),
      output: s.statementRow,
      summary:
        'Deletes a pay-to-driver statement not yet approved (409 after approval, or when it collects from the driver).',
    }),
    DeleteCollectFromDriver: mutation({
      verb: 'delete',
      input: byId(),
      output: s.statementRow,
      summary:
        'Deletes a collect-from-driver statement not yet approved (409 after approval, or when it pays the driver).',
    }),
    DeleteBillPayments: mutation({
      verb: 'update',
      input: byId(),
      output: s.statementRow,
      summary:
        'Deletes a payment to a driver: a reversing journal entry; the statement is due again. Answers the statement.',
    }),
    DeleteInvoicePayments: mutation({
      verb: 'update',
      input: byId(),
      output: s.statementRow,
      summary:
        'Deletes money collected from a driver: a reversing journal entry; the statement is due again. Answers the statement.',
    }),
    ApprovePayments: mutation({
      verb: 'update',
      input: s.statementIdsInput,
      output: s.approvedAnswer,
      summary:
        "Approves statements: each takes the next number of the driverStatement series and posts its earnings, deductions and cash netting to the driver's balance. A statement with a job that became invalid since generation, or already approved, is a 409 and nothing is approved.",
    }),
    SettlePayments: mutation({
      verb: 'update',
      input: s.settleInput,
      output: s.settledAnswer,
      summary:
        'Settles approved statements in full: each one’s rest paid to or collected from the driver as it nets (method bank or cash). A statement with nothing left, or not approved, is a 409 and nothing is recorded.',
    }),
    GetTableSummaryDriverDeductions: list({
      input: s.deductionListInput,
      row: s.deductionRow,
      summary: 'The deductions taken on approved statements (rent, subscriptions, equipment), by driver and period.',
    }),
    updateCommissionsGeneratedPaymentsViews: mutation({
      verb: 'update',
      input: s.jobPayInput,
      output: s.statementDetails,
      summary:
        "Sets a job's pay on a statement not yet approved, with the reason (the engine's breakdown is kept beside it); the totals are made again. 409 after approval.",
    }),
    UpdateCommissionsGetCollectFromDriverDetail: mutation({
      verb: 'update',
      input: s.jobPayInput,
      output: s.statementDetails,
      summary: "The same correction of a job's pay, from the collect-from-driver detail.",
    }),
  },
);
