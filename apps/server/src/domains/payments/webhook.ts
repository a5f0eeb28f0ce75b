import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { systemContext } from '../dispatch/offer-expiry';
import { companies } from '../company/schema';
import { applyIntent, applyRefund, lockPayment } from './intents';
import type { PaymentIntent, ProviderEvent, Refund } from './provider/types';
import { verifyEvent } from './provider/signature';
import { paymentEvents } from './schema';
import { cardProvidersOf } from './providers';

export type WebhookOutcome =
  | { status: 200; outcome: 'applied' | 'unknown' | 'ignored' | 'duplicate' }
  | { status: 400 | 404 | 409; message: string };

/** An event of a payment this company made that is not kept yet: the call that made it has not committed. */
class NotYetKept extends Error {}

/** Whether an event's object says this company's product made it (its metadata names the company). */
const madeHere = (event: ProviderEvent, companyId: number) =>
  (event.data?.object as { metadata?: Record<string, string> } | undefined)?.metadata?.companyId === String(companyId);

const objectRefOf = (event: ProviderEvent): string | null => {
  const object = event.data?.object as { id?: unknown; paymentIntentId?: unknown } | undefined;
  if (!object) return null;
  if (event.type.startsWith('charge.refund') && typeof object.paymentIntentId === 'string')
    return object.paymentIntentId;
  return typeof object.id === 'string' ? object.id : null;
};

/**
 * One event from the company's card provider (docs/payments.md#webhook): its signature checked on the
 * raw body, kept once by the provider's event id (a replay or a second delivery changes nothing), then
 * applied to the payment it names in the same transaction.
 */
export async function receivePaymentEvent(
  services: Services,
  companyId: number,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const [company] = await services.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return { status: 404, message: 'No such company.' };
  const { provider, webhookSecret } = await cardProvidersOf(services).forCompany(companyId);
  if (!webhookSecret) return { status: 400, message: 'No webhook secret is configured for this company.' };
  const verified = verifyEvent(webhookSecret, rawBody, signature);
  if (!verified.ok) return { status: 400, message: `The event was refused: ${verified.reason}.` };
  let event: ProviderEvent;
  try {
    event = JSON.parse(rawBody) as ProviderEvent;
  } catch {
    return { status: 400, message: 'The event body is not JSON.' };
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string') {
    return { status: 400, message: 'The event has no id or type.' };
  }
  const effects: (() => unknown)[] = [];
  let outcome: 'applied' | 'unknown' | 'ignored' | 'duplicate';
  try {
    outcome = await services.db.transaction(async (tx) => {
      const ctx = systemContext(tx, services, companyId, effects, 'payments-webhook');
      const objectRef = objectRefOf(event);
      // The payment it names, locked for the change (applyIntent takes it as it is).
      const known = objectRef ? await lockPayment(ctx, objectRef) : undefined;
      // A payment made here a moment ago may still be in its call's open transaction: the provider is
      // asked to deliver again (it retries), rather than the event being kept as unknown.
      if (!known && madeHere(event, companyId)) throw new NotYetKept();
      const result: 'applied' | 'unknown' | 'ignored' = !known
        ? 'unknown'
        : event.type.startsWith('payment_intent.') || event.type === 'charge.refunded'
          ? 'applied'
          : 'ignored';
      // Kept once, with what it did: the change below is in the same transaction.
      const [kept] = await tx
        .insert(paymentEvents)
        .values({
          companyId,
          provider: provider.name,
          eventRef: event.id,
          type: event.type,
          objectRef,
          payload: event as unknown as Record<string, unknown>,
          outcome: result,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!kept) return 'duplicate' as const;
      if (known && event.type.startsWith('payment_intent.')) {
        await applyIntent(ctx, event.data.object as PaymentIntent, { row: known });
      } else if (known && event.type === 'charge.refunded') {
        await applyRefund(ctx, event.data.object as Refund);
      }
      return result;
    });
  } catch (error) {
    if (error instanceof NotYetKept) {
      return { status: 409, message: 'This payment is not known here yet: deliver the event again.' };
    }
    throw error;
  }
  for (const effect of effects) await effect();
  return { status: 200, outcome };
}

/** POST /webhooks/payments/:companyId — the address a company gives its card provider. */
export function installPaymentWebhook(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    // The signature is over the body exactly as it arrived: keep it as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { companyId: string } }>('/webhooks/payments/:companyId', async (request, reply) => {
      const companyId = Number(request.params.companyId);
      if (!Number.isSafeInteger(companyId) || companyId < 1) {
        return reply.status(404).send({ code: 404, message: 'No such company.' });
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      const answer = await receivePaymentEvent(
        services,
        companyId,
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      if (answer.status !== 200)
        return reply.status(answer.status).send({ code: answer.status, message: answer.message });
      return reply.send({ code: 200, message: 'Received', received: true, outcome: answer.outcome });
    });
  });
}
