import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { AppError, conflict, fieldError, notFound } from '../../../platform/http/errors';
import { recordAudit } from '../../audit/record';
import { postEntry } from '../../ledger/post';
import { type CardChoice, cardFor, cardWords, providerFailure } from '../../payments/cards-at-provider';
import { ensureCustomer } from '../../payments/customers';
import { applyIntent, applyRefund, keepIntent } from '../../payments/intents';
import { cardProvidersOf } from '../../payments/providers';
import type { PaymentIntent } from '../../payments/provider/types';
import { cardPayments, paymentCards, paymentTransactions } from '../../payments/schema';
import { invoiceAllocations } from '../schema';
import { allocate, paymentRest } from './allocations';
import { type Ctx, type Invoice, ensureIssued, invoiceName, leftToPay, lockInvoice, money } from './invoice-money';

/*
 * An invoice paid by card at the company's provider (docs/invoicing.md#payments): the same provider,
 * customers, saved cards and intents as a booking's card payments (domains/payments), with the
 * payment's charge allocated to the invoice; and refunds of an invoice's card payments.
 */

type CardPayment = typeof cardPayments.$inferSelect;

const owner = (clientId: number) => ({ kind: 'client' as const, id: clientId });

/** The key of an invoice's n-th card payment: the same after a time-out, so one charge. */
async function attemptKey(ctx: Ctx, invoiceId: number): Promise<string> {
  const prefix = `c${ctx.session.companyId}:invoice:${invoiceId}:charge:`;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardPayments)
    .where(
      and(eq(cardPayments.companyId, ctx.session.companyId), sql`${cardPayments.idempotencyKey} like ${`${prefix}%`}`),
    );
  return `${prefix}${(row?.n ?? 0) + 1}`;
}

function payableAmount(inv: Invoice, wanted: number | undefined, field = 'amountMinor'): number {
  ensureIssued(inv, 'it is paid');
  const left = leftToPay(inv);
  if (left <= 0) {
    throw conflict(
      `Invoice ${invoiceName(inv)} is ${inv.status === 'cancelled' ? 'credited in full' : 'paid'} already: nothing is left to pay.`,
      {
        currentStatus: inv.status,
      },
    );
  }
  const amount = wanted ?? left;
  if (amount > left) throw fieldError(field, 'max', `Pay at most what is left to pay (${money(left, inv.currency)})`);
  return amount;
}

/** The client's default saved card, or 409 when it has none. */
async function defaultCard(ctx: Ctx, clientId: number): Promise<number> {
  const [card] = await ctx.db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        eq(paymentCards.ownerKind, 'client'),
        eq(paymentCards.ownerId, clientId),
      ),
    )
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.id))
    .limit(1);
  if (!card) throw conflict('The client has no saved card: add one on the client, or send a payment link.');
  return card.id;
}

/**
 * Charges a client's card now (saved card off-session, or a card form's token on-session) and keeps
 * the payment; a decline is 402 in words and keeps nothing.
 */
export async function chargeClientCard(
  ctx: Ctx,
  m: {
    clientId: number;
    amount: number;
    currency: string;
    card: CardChoice;
    key: string;
    offSession: boolean;
    invoiceId: number | null;
  },
): Promise<CardPayment> {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const customerRef = await ensureCustomer(ctx, owner(m.clientId));
  const card = await cardFor(ctx, m.card, owner(m.clientId), customerRef, m.key);
  let intent: PaymentIntent;
  try {
    intent = await provider.createPaymentIntent({
      idempotencyKey: m.key,
      amount: m.amount,
      currency: m.currency,
      customerId: customerRef,
      cardId: card.cardRef,
      capture: 'automatic',
      offSession: m.offSession,
      metadata: {
        companyId: String(ctx.session.companyId),
        clientId: String(m.clientId),
        ...(m.invoiceId ? { invoiceId: String(m.invoiceId) } : {}),
      },
    });
  } catch (error) {
    providerFailure(error);
  }
  if (intent.lastError && intent.status === 'requires_payment_method') {
    throw new AppError(
      402,
      `${cardWords(card.brand, card.last4)} was declined: ${intent.lastError.message}`,
      undefined,
      {
        providerCode: intent.lastError.code,
      },
    );
  }
  return keepIntent(ctx, intent, {
    bookingId: null,
    paymentLinkId: null,
    provider: provider.name,
    idempotencyKey: m.key,
    cardId: card.id,
    brand: card.brand,
    last4: card.last4,
    payerKind: 'client',
    payerId: m.clientId,
  });
}

/** The payment step that brought a card payment's money in (its charge), if the money came. */
export async function chargeStepOf(ctx: Ctx, cardPaymentId: number) {
  const [step] = await ctx.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.companyId, ctx.session.companyId),
        eq(paymentTransactions.cardPaymentId, cardPaymentId),
        sql`${paymentTransactions.kind} in ('charge', 'capture')`,
      ),
    )
    .orderBy(paymentTransactions.id)
    .limit(1);
  return step ?? null;
}

/** Allocates what a card payment brought in (and is not applied yet) to the invoice, up to its rest. */
async function allocateCardPayment(ctx: Ctx, invoiceId: number, payment: CardPayment): Promise<number> {
  if (payment.status !== 'succeeded') return 0;
  const step = await chargeStepOf(ctx, payment.id);
  if (!step) return 0;
  const inv = await lockInvoice(ctx, invoiceId);
  const amount = Math.min(await paymentRest(ctx, step.id, step.amountMinor), leftToPay(inv));
  if (amount <= 0) return 0;
  await allocate(ctx, inv, { paymentTransactionId: step.id }, amount);
  return amount;
}

/** PaymentTransaction/InvoiceClientSecret: a card payment of the invoice started at the provider. */
export async function startInvoiceCardPayment(ctx: Ctx, input: z.output<typeof schemas.invoiceCardStartInput>) {
  const inv = await lockInvoice(ctx, input.invoiceId);
  const amount = payableAmount(inv, input.amountMinor);
  const providers = cardProvidersOf(ctx.services);
  const { provider } = await providers.forCompany(ctx.session.companyId);
  const customerRef = await ensureCustomer(ctx, owner(inv.clientId));
  const key = await attemptKey(ctx, inv.id);
  let intent: PaymentIntent;
  try {
    intent = await provider.createPaymentIntent({
      idempotencyKey: key,
      amount,
      currency: inv.currency,
      customerId: customerRef,
      capture: 'automatic',
      offSession: false,
      metadata: { companyId: String(ctx.session.companyId), invoiceId: String(inv.id), clientId: String(inv.clientId) },
    });
  } catch (error) {
    providerFailure(error);
  }
  const payment = await keepIntent(ctx, intent, {
    bookingId: null,
    paymentLinkId: null,
    provider: provider.name,
    idempotencyKey: key,
    cardId: null,
    brand: null,
    last4: null,
    payerKind: 'client',
    payerId: inv.clientId,
  });
  const settings = await providers.publicSettings(ctx.session.companyId);
  return {
    invoiceId: inv.id,
    cardPaymentId: payment.id,
    intentRef: intent.id,
    clientSecret: intent.clientSecret,
    amountMinor: amount,
    currency: inv.currency,
    provider: provider.name,
    publishableKey: settings.publishableKey,
  };
}

/**
 * PaymentTransaction/InvoiceCheckoutPaymentTransaction: pays the invoice by card and allocates the
 * money to it. With `cardPaymentId`: the payment InvoiceClientSecret started — confirmed here with the
 * card form's token, or (no token) read back from the provider after the card form confirmed it. Else
 * a saved card of the client (`cardId`, or its default) is charged off-session.
 */
export async function checkoutInvoice(ctx: Ctx, input: z.output<typeof schemas.invoiceCheckoutInput>) {
  const inv = await lockInvoice(ctx, input.invoiceId);
  let payment: CardPayment;
  if (input.cardPaymentId) {
    const [started] = await ctx.db
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.companyId, ctx.session.companyId), eq(cardPayments.id, input.cardPaymentId)))
      .for('update');
    if (!started || !started.idempotencyKey.startsWith(`c${ctx.session.companyId}:invoice:${inv.id}:`)) {
      throw notFound(`Card payment ${input.cardPaymentId} of invoice ${invoiceName(inv)}`);
    }
    const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
    if (input.token && started.status !== 'succeeded') {
      // The card form's token confirms the started payment: charged on-session with the started key.
      const amount = payableAmount(inv, input.amountMinor ?? Math.min(started.amountMinor, leftToPay(inv)));
      payment = await chargeClientCard(ctx, {
        clientId: inv.clientId,
        amount,
        currency: inv.currency,
        card: { token: input.token, save: false },
        key: `${started.idempotencyKey}:confirm`,
        offSession: false,
        invoiceId: inv.id,
      });
      try {
        await applyIntent(
          ctx,
          await provider.cancelPaymentIntent({
            idempotencyKey: `${started.idempotencyKey}:cancel`,
            id: started.intentRef,
          }),
        );
      } catch {
        // The started intent stays unconfirmed at the provider: it never takes money by itself.
      }
    } else {
      let intent: PaymentIntent;
      try {
        intent = await provider.retrievePaymentIntent(started.intentRef);
      } catch (error) {
        providerFailure(error);
      }
      payment = await applyIntent(ctx, intent);
    }
  } else {
    const amount = payableAmount(inv, input.amountMinor);
    payment = await chargeClientCard(ctx, {
      clientId: inv.clientId,
      amount,
      currency: inv.currency,
      card: input.token
        ? { token: input.token, save: false }
        : { cardId: input.cardId ?? (await defaultCard(ctx, inv.clientId)) },
      key: await attemptKey(ctx, inv.id),
      offSession: !input.token,
      invoiceId: inv.id,
    });
  }
  const allocated = await allocateCardPayment(ctx, inv.id, payment);
  const after = await lockInvoice(ctx, inv.id);
  return {
    invoiceId: inv.id,
    cardPaymentId: payment.id,
    status: payment.status,
    amountMinor: payment.capturedMinor || payment.amountMinor,
    allocatedMinor: allocated,
    currency: payment.currency,
    invoiceStatus: after.status,
    leftToPayMinor: leftToPay(after),
  };
}

/**
 * A payment link of the invoice paid with the card form's token: charged on-session with the link's
 * key (one payment per link), allocated to the invoice up to its rest (the rest stays client credit).
 */
export async function checkoutLinkPayment(ctx: Ctx, invoiceId: number, linkId: number, amount: number, token: string) {
  const inv = await lockInvoice(ctx, invoiceId);
  payableAmount(inv, Math.min(amount, leftToPay(inv)) || undefined, 'token');
  const payment = await chargeClientCard(ctx, {
    clientId: inv.clientId,
    amount,
    currency: inv.currency,
    card: { token, save: false },
    key: `c${ctx.session.companyId}:invoice:${inv.id}:link:${linkId}`,
    offSession: false,
    invoiceId: inv.id,
  });
  await ctx.db
    .update(cardPayments)
    .set({ paymentLinkId: linkId })
    .where(and(eq(cardPayments.companyId, ctx.session.companyId), eq(cardPayments.id, payment.id)));
  await allocateCardPayment(ctx, inv.id, payment);
  return payment;
}

/**
 * A client payment by the card on file (Client/ClientPayment with method card): charged off-session;
 * answers the charge's payment step for the allocations.
 */
export async function chargeCardOnFile(
  ctx: Ctx,
  clientId: number,
  amount: number,
  currency: string,
  cardId: number | null,
) {
  const prefix = `c${ctx.session.companyId}:client:${clientId}:charge:`;
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardPayments)
    .where(
      and(eq(cardPayments.companyId, ctx.session.companyId), sql`${cardPayments.idempotencyKey} like ${`${prefix}%`}`),
    );
  const payment = await chargeClientCard(ctx, {
    clientId,
    amount,
    currency,
    card: { cardId: cardId ?? (await defaultCard(ctx, clientId)) },
    key: `${prefix}${(row?.n ?? 0) + 1}`,
    offSession: true,
    invoiceId: null,
  });
  const step = payment.status === 'succeeded' ? await chargeStepOf(ctx, payment.id) : null;
  if (!step) {
    throw new AppError(
      402,
      'The card asks the client to confirm the payment: send a payment link instead.',
      undefined,
      {
        providerCode: 'authentication_required',
      },
    );
  }
  return step.id;
}

/**
 * A refund credit note's money back: the invoice's card payments refunded through the provider
 * (newest first), and what was not paid by card refunded by bank (Dr receivable, Cr bank).
 */
export async function refundInvoicePayments(
  ctx: Ctx,
  inv: Invoice,
  note: { id: number; creditNo: string; amount: number },
) {
  const reason = `Credit note ${note.creditNo}`;
  const { companyId } = ctx.session;
  const allocated = await ctx.db
    .select({ cardPaymentId: paymentTransactions.cardPaymentId })
    .from(invoiceAllocations)
    .innerJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.companyId, invoiceAllocations.companyId),
        eq(paymentTransactions.id, invoiceAllocations.paymentTransactionId),
      ),
    )
    .where(
      and(
        eq(invoiceAllocations.companyId, companyId),
        eq(invoiceAllocations.invoiceId, inv.id),
        sql`${paymentTransactions.cardPaymentId} is not null`,
      ),
    );
  const ids = [...new Set(allocated.map((a) => a.cardPaymentId!))];
  const payments = ids.length
    ? await ctx.db
        .select()
        .from(cardPayments)
        .where(
          and(
            eq(cardPayments.companyId, companyId),
            inArray(cardPayments.id, ids),
            sql`${cardPayments.capturedMinor} > ${cardPayments.refundedMinor}`,
          ),
        )
        .orderBy(desc(cardPayments.id))
        .for('update')
    : [];
  let left = note.amount;
  if (payments.length) {
    const { provider } = await cardProvidersOf(ctx.services).forCompany(companyId);
    for (const p of payments) {
      if (left === 0) break;
      const part = Math.min(left, p.capturedMinor - p.refundedMinor);
      try {
        const refund = await provider.refund({
          idempotencyKey: `${p.idempotencyKey}:creditNote:${note.id}`,
          paymentIntentId: p.intentRef,
          amount: part,
          reason,
        });
        await applyRefund(ctx, refund);
      } catch (error) {
        providerFailure(error);
      }
      left -= part;
    }
  }
  if (left > 0) {
    const posted = await postEntry(ctx, {
      kind: 'refund',
      description: `Refund by bank of ${reason} on invoice ${invoiceName(inv)}`,
      idempotencyKey: `creditNote:${note.id}:refund:bank`,
      lines: [
        { account: { kind: 'clientReceivable', ownerId: inv.clientId }, amount: left },
        { account: { kind: 'bank' }, amount: -left },
      ],
    });
    await ctx.db.insert(paymentTransactions).values({
      companyId,
      clientId: inv.clientId,
      kind: 'refund',
      method: 'bank_transfer',
      amountMinor: -left,
      currency: inv.currency,
      reference: note.creditNo,
      reason,
      journalEntryId: posted.id,
      createdBy: ctx.session.userId || null,
    });
  }
  await recordAudit(ctx, {
    entityType: 'invoice',
    entityId: inv.id,
    action: 'invoice.refund',
    changes: {
      refund: {
        before: null,
        after: `${money(note.amount - left, inv.currency)} to the card, ${money(left, inv.currency)} by bank (${reason})`,
      },
    },
  });
}
