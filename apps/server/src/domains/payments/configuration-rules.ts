import { type FieldError, peopleError, describeFieldErrors, type schemas } from '@cabdesk/contract';
import { badRequest } from '../../platform/http/errors';

/** The configuration a save would leave, with the secrets as plain text (or null). */
export interface NextConfiguration {
  provider: schemas.PaymentProvider;
  mode: schemas.PaymentMode;
  publishableKey: string | null;
  secretKey: string | null;
}

const modeOfKey = (key: string) => (/^[a-z]+_live_/.test(key) ? 'live' : 'test');

/**
 * The rules across fields, on the configuration as it would be saved: Stripe needs both keys, the
 * keys' test/live part must be the mode, and only Stripe takes live payments. A rule broken by a
 * key saved earlier names the field sent now (the mode), so the person sees what they just changed.
 */
export function checkConfiguration(next: NextConfiguration, sent: schemas.PaymentConfigurationInput): void {
  const errors: FieldError[] = [];
  if (next.mode === 'live' && next.provider !== 'stripe') {
    errors.push(
      peopleError(
        'mode',
        'must be test with the offline provider',
        'Mode must be Test: the offline provider only takes test payments.',
      ),
    );
  }
  if (next.provider === 'stripe') {
    const keys = [
      ['publishableKey', next.publishableKey, 'Publishable key', 'pk'],
      ['secretKey', next.secretKey, 'Secret key', 'sk'],
    ] as const;
    for (const [field, value, words, prefix] of keys) {
      if (!value) {
        errors.push(
          peopleError(
            field,
            'is required for Stripe',
            `${words} is required for Stripe (it starts with ${prefix}_${next.mode}_).`,
          ),
        );
      } else if (modeOfKey(value) !== next.mode) {
        const named = sent[field] ? field : 'mode';
        errors.push(
          peopleError(
            named,
            `must match the mode (${next.mode})`,
            `${words} is a ${modeOfKey(value)} key but the mode is ${next.mode}: enter a ${prefix}_${next.mode}_ key or change the mode.`,
          ),
        );
      }
    }
  }
  if (errors.length) throw badRequest(describeFieldErrors(errors), errors);
}
