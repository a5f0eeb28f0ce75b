import { z } from 'zod';
import { flag, listInput, text } from '../fields';

/**
 * The outside services a company may choose for itself (ProviderSettings/*). Card payments are not
 * here: their provider and keys are the company's Configuration/* (one place for payment keys).
 */
export const providerKinds = ['sms', 'mapTiles', 'routing', 'flights', 'postcode', 'geocoding'] as const;
export type ProviderKind = (typeof providerKinds)[number];

/** Each kind's choices; the first is the offline default that needs no address. */
export const providerChoices = {
  sms: ['outbox', 'http'],
  mapTiles: ['none', 'tiles'],
  routing: ['estimate', 'osrm'],
  flights: ['offline', 'http'],
  postcode: ['offline', 'http'],
  geocoding: ['none', 'nominatim', 'photon'],
} as const satisfies Record<ProviderKind, readonly string[]>;

/** Every provider name any kind knows; a kind's own list is checked across fields below. */
const allChoices = [...new Set(Object.values(providerChoices).flat())] as [string, ...string[]];

/** What `label` means for a kind: the SMS sender name, or the tiles' attribution. */
export const labelledKinds: readonly ProviderKind[] = ['sms', 'mapTiles'];
/** The kinds whose provider takes a secret (a gateway token, an API key). */
export const secretKinds: readonly ProviderKind[] = ['sms', 'flights'];

const kindField = z.enum(providerKinds, { error: `must be one of: ${providerKinds.join(', ')}` });

export const providerKindInput = z.object({ kind: kindField });

const httpUrl = text(500).regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// address');

/**
 * One provider choice as the settings screen sends it. Fields left out keep what is saved; the
 * secret is write-only (empty keeps it, clearSecret removes it). useDefault drops the company's
 * choice so that the server's environment applies again.
 */
export const providerSettingInput = z
  .object({
    kind: kindField,
    provider: z.enum(allChoices, { error: `must be one of: ${allChoices.join(', ')}` }).optional(),
    url: httpUrl.nullish(),
    label: text(200).nullish(),
    secret: text(500)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    clearSecret: flag().optional(),
    useDefault: flag().optional(),
  })
  .superRefine((input, ctx) => {
    const allowed: readonly string[] = providerChoices[input.kind];
    if (input.provider !== undefined && !allowed.includes(input.provider)) {
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: `must be one of: ${allowed.join(', ')} (for ${input.kind})`,
      });
    }
    if (input.kind === 'mapTiles' && input.url && !/\{z\}.*\{x\}.*\{y\}/.test(input.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'must contain {z}, {x} and {y}' });
    }
  });
export type ProviderSettingInput = z.output<typeof providerSettingInput>;

/** A kind's provider as it applies now: the company's choice, else the environment's. */
export const providerSetting = z.object({
  /** The saved row; 0 when the environment's default applies. */
  id: z.number(),
  kind: z.enum(providerKinds),
  provider: z.string(),
  /** Where the company's choice comes from. */
  source: z.enum(['company', 'environment']),
  url: z.string().nullable(),
  label: z.string().nullable(),
  hasSecret: z.boolean(),
  /** The secret's last four characters (`…a1b2`), never the secret. */
  secretHint: z.string().nullable(),
  /** The choices this kind has, the offline default first. */
  choices: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type ProviderSetting = z.output<typeof providerSetting>;

export const providerSettingListInput = listInput({});
