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
        'must be test: the offline provider takes test payments only',
      ),
    );
  }
  if (next.provider === 'stripe') {
    const keys = [
      ['publishableKey', next.publishableKey, 'publishable key', 'pk'],
      ['secretKey', next.secretKey, 'secret key', 'sk'],
    ] as const;
    for (const [field, value, words, prefix] of keys) {
      const wanted = `${prefix}_${next.mode}_`;
      if (!value) {
        errors.push(peopleError(field, 'is required for Stripe', `is required for Stripe (it starts with ${wanted})`));
        continue;
      }
      const kind = modeOfKey(value);
      if (kind === next.mode) continue;
      const rule = `must match the mode (${next.mode})`;
      errors.push(
        sent[field]
          ? peopleError(
              field,
              rule,
              `is a ${kind} key but the mode is ${next.mode}: enter a ${wanted} key or change the mode`,
            )
          : peopleError(
              'mode',
              rule,
              `is ${next.mode} but the saved ${words} is a ${kind} key: enter a ${wanted} key too`,
            ),
      );
    }
  }
  if (errors.length) throw badRequest(describeFieldErrors(errors), errors);
}
