import { schemas } from '@cabdesk/contract';
import type { Services } from '../../platform/services';
import { openOrNull } from '../payments/configuration-view';
import type { providerSettings } from './schema';

type Kind = schemas.ProviderKind;
type Row = typeof providerSettings.$inferSelect;
type View = schemas.ProviderSetting;

/** `…a1b2`: enough to tell two secrets apart, never enough to use one. */
export const secretHint = (secret: string | null | undefined) => (secret ? `…${secret.slice(-4)}` : null);

const choicesOf = (kind: Kind): string[] => [...schemas.providerChoices[kind]];

/** What the server's environment gives a kind when the company has chosen nothing. */
export function environmentView(config: Services['config'], kind: Kind): View {
  const base = { id: 0, kind, source: 'environment' as const, choices: choicesOf(kind), updatedAt: null };
  const none = { url: null, label: null, hasSecret: false, secretHint: null };
  switch (kind) {
    case 'sms':
      return config.sms.provider === 'http'
        ? {
            ...base,
            provider: 'http',
            url: config.sms.url,
            label: config.sms.from,
            hasSecret: Boolean(config.sms.token),
            secretHint: secretHint(config.sms.token),
          }
        : { ...base, ...none, provider: 'outbox' };
    case 'mapTiles':
      return config.mapTiles
        ? { ...base, ...none, provider: 'tiles', url: config.mapTiles.url, label: config.mapTiles.attribution }
        : { ...base, ...none, provider: 'none' };
    case 'routing':
      return {
        ...base,
        ...none,
        provider: config.routingApiUrl ? 'osrm' : 'estimate',
        url: config.routingApiUrl ?? null,
      };
    case 'flights':
      return config.flightApi
        ? {
            ...base,
            ...none,
            provider: 'http',
            url: config.flightApi.url,
            hasSecret: Boolean(config.flightApi.key),
            secretHint: secretHint(config.flightApi.key),
          }
        : { ...base, ...none, provider: 'offline' };
    case 'postcode':
      return {
        ...base,
        ...none,
        provider: config.postcodeApiUrl ? 'http' : 'offline',
        url: config.postcodeApiUrl ?? null,
      };
    case 'geocoding':
      return config.geocoder
        ? { ...base, ...none, provider: config.geocoder.kind, url: config.geocoder.url }
        : { ...base, ...none, provider: 'none' };
  }
}

/** A kind as calls answer it: the company's row when it has one, else the environment's. */
export function providerView(services: Services, kind: Kind, row: Row | undefined): View {
  if (!row) return environmentView(services.config, kind);
  const secret = row.secretSealed ? openOrNull(services, row.secretSealed) : null;
  return {
    id: row.id,
    kind,
    provider: row.provider,
    source: 'company',
    url: row.url,
    label: row.label,
    hasSecret: secret !== null,
    secretHint: secretHint(secret),
    choices: choicesOf(kind),
    updatedAt: row.updatedAt.toISOString(),
  };
}
