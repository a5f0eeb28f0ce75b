import { z } from 'zod';
import { clearable, flag, listInput, text } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

export const paymentProviders = ['offline', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const paymentModes = ['test', 'live'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** A key written but never read back: left out, null or empty, the stored one stays. */
const writeOnly = (pattern: RegExp, rule: string) =>
  z
    .string()
    .trim()
    .max(255, 'must be at most 255 characters')
    .nullish()
    .refine((v) => !v || pattern.test(v), rule)
    .transform((v) => (v ? v : undefined));

/** What the settings screen sends; every field left out keeps what is stored (or the default). */
export const paymentConfigurationInput = z.object({
  provider: z.enum(paymentProviders, { error: 'must be offline or stripe' }).optional(),
  mode: z.enum(paymentModes, { error: 'must be test or live' }).optional(),
  publishableKey: clearable(text(255).regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must start with pk_test_ or pk_live_')),
  /** Write-only: never answered; empty keeps the stored one, `clearSecretKey` removes it. */
  secretKey: writeOnly(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
    'must start with sk_test_, sk_live_, rk_test_ or rk_live_',
  ),
  clearSecretKey: flag().optional(),
  /** Write-only like the secret key. */
  webhookSecret: writeOnly(/^\S{8,}$/, 'must be at least 8 characters without spaces'),
  clearWebhookSecret: flag().optional(),
  /** Null or empty: the company's own currency. */
  currency: clearable(z.enum(codesOf('currency'), { error: `must be one of: ${codesOf('currency').join(', ')}` })),
  /** What the customer's bank statement shows (Stripe allows 5 to 22 characters). */
  statementDescriptor: clearable(
    text(22)
      .min(5, 'must be at least 5 characters')
      .regex(/^[^<>\\'"*]*$/, 'must not contain < > \\ \' " or *'),
  ),
});
export type PaymentConfigurationInput = z.output<typeof paymentConfigurationInput>;

/** A company's payment configuration as calls answer it: whether secrets are saved, never the secrets. */
export const paymentConfiguration = z.object({
  /** The saved row; 0 while nothing is saved (the defaults answer). */
  id: z.number(),
  provider: z.enum(paymentProviders),
  mode: z.enum(paymentModes),
  publishableKey: z.string().nullable(),
  hasSecretKey: z.boolean(),
  /** The key's kind and last four characters, e.g. `sk_test_…4242`. */
  secretKeyHint: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  /** The secret's last four characters, e.g. `…a1b2`. */
  webhookSecretHint: z.string().nullable(),
  /** The currency payments are taken in. */
  currency: z.string(),
  /** true: no currency is set, the company's own applies. */
  currencyFollowsCompany: z.boolean(),
  statementDescriptor: z.string().nullable(),
  /** The address to give the provider for its events. */
  webhookUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type PaymentConfiguration = z.output<typeof paymentConfiguration>;

export const paymentConfigurationListInput = listInput({});

/** What a card form needs to load: the public key only. */
export const publishableKeyAnswer = z.object({
  publishableKey: z.string().nullable(),
  provider: z.enum(paymentProviders),
  mode: z.enum(paymentModes),
});

export const paymentLiveStatus = z.object({
  mode: z.enum(paymentModes),
  isLive: z.boolean(),
  provider: z.enum(paymentProviders),
});

export const providerKeyTest = z.object({
  ok: z.boolean(),
  provider: z.enum(paymentProviders),
  mode: z.enum(paymentModes),
  /** In words: what the provider said. */
  message: z.string(),
});
