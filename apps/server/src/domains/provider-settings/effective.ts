import { and, eq, inArray } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import type { Services } from '../../platform/services';
import { openOrNull } from '../payments/configuration-view';
import { providerSettings } from './schema';

type Kind = schemas.ProviderKind;
type Row = typeof providerSettings.$inferSelect;

/** The parts of the configuration a company's provider settings may replace. */
export type ProviderConfig = Pick<
  Config,
  'sms' | 'mapTiles' | 'routingApiUrl' | 'flightApi' | 'postcodeApiUrl' | 'geocoder'
>;

/** A company's choice of one kind as the configuration the providers are built from. */
function overlay(services: Services, base: ProviderConfig, row: Row): ProviderConfig {
  const url = row.url ?? '';
  const secret = row.secretSealed ? (openOrNull(services, row.secretSealed) ?? undefined) : undefined;
  switch (row.kind) {
    case 'sms':
      return {
        ...base,
        sms:
          row.provider === 'http'
            ? {
                provider: 'http',
                url,
                token: secret,
                from: row.label ?? (base.sms.provider === 'http' ? base.sms.from : 'Cabdesk'),
              }
            : { provider: 'outbox' },
      };
    case 'mapTiles':
      return { ...base, mapTiles: row.provider === 'tiles' ? { url, attribution: row.label ?? '' } : undefined };
    case 'routing':
      return { ...base, routingApiUrl: row.provider === 'osrm' ? url : undefined };
    case 'flights':
      return { ...base, flightApi: row.provider === 'http' ? { url, key: secret } : undefined };
    case 'postcode':
      return { ...base, postcodeApiUrl: row.provider === 'http' ? url : undefined };
    case 'geocoding':
      return {
        ...base,
        geocoder: row.provider === 'nominatim' || row.provider === 'photon' ? { url, kind: row.provider } : undefined,
      };
  }
}

export function companyRowsQuery(db: Db, companyId: number, kinds?: readonly Kind[]) {
  return db
    .select()
    .from(providerSettings)
    .where(
      and(eq(providerSettings.companyId, companyId), kinds ? inArray(providerSettings.kind, [...kinds]) : undefined),
    );
}

/**
 * The providers a company's calls use: the environment's, with the company's own choices on top.
 * Read on every use (one indexed row per kind), so a saved choice applies to the very next call in
 * every server process.
 */
export async function companyProviderConfig(
  services: Services,
  db: Db,
  companyId: number,
  kinds: readonly Kind[],
): Promise<ProviderConfig> {
  const rows = await companyRowsQuery(db, companyId, kinds);
  return rows.reduce((config, row) => overlay(services, config, row), services.config as ProviderConfig);
}

/** The same for a call's context: its company's providers of the kinds named. */
export function providersOf(
  ctx: { services: Services; db: Db; session: { companyId: number } },
  ...kinds: Kind[]
): Promise<ProviderConfig> {
  return companyProviderConfig(ctx.services, ctx.db, ctx.session.companyId, kinds);
}
