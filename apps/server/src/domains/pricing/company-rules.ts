import { sql } from 'drizzle-orm';
import { compileRules, type CompiledRules, type PricingModel, type PricingRulesInput } from '@cabdesk/fare-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { Point } from '../../platform/geo';
import { InstallationCache } from '../../platform/installation-cache';
import { startingHourlyTariff, startingStandardTariff } from './starting-tariffs';

type Ctx = CallContext<Session>;

/**
 * Ids the built-in tariffs take inside the engine when a company has no model of that role; answers
 * and stored breakdowns name them 0 (docs/pricing.md).
 */
export const BUILT_IN_STANDARD_ID = 2_147_483_647;
export const BUILT_IN_HOURLY_ID = 2_147_483_646;
export const isBuiltIn = (id: number) => id === BUILT_IN_STANDARD_ID || id === BUILT_IN_HOURLY_ID;

/** The company settings a price depends on besides its models. */
export interface PricingSetting {
  currency: string;
  timeZone: string;
  roadFactor: number;
  base: Point | null;
}

export interface CompanyRules {
  rules: CompiledRules;
  setting: PricingSetting;
  /** The stored version row of each model in the rules, by model id (built-in tariffs have none). */
  versionIds: ReadonlyMap<number, number>;
  /** Changes whenever the company's zones change: the key of its cached zone list. */
  zonesStamp: string;
}

/** Who is being priced: the assignments of precedence, and a model chosen to price under alone. */
export interface PricingParties {
  clientId?: number | null | undefined;
  vehicleTypeId?: number | null | undefined;
  modelId?: number | null | undefined;
}

type Head = {
  model_id: number;
  mode: string;
  is_default: boolean;
  version_id: number;
};

type SettingRow = {
  currency: string;
  timezone: string;
  is_vat_registered: boolean;
  vat_rate_bp: number;
  prices_include_vat: boolean;
  road_factor: string;
  fare_rounding_step: number;
  base_lat: string | null;
  base_lng: string | null;
  client_model_id: number | null;
  vehicle_type_model_id: number | null;
  zones_stamp: string;
  heads: Head[];
};

/** Versions never change once written, so each is read from the database once per installation. */
const versions = new InstallationCache<number, PricingModel>(2000);
/** Compiled rules by what they are made of; a fixed-price table is indexed once, not per quote. */
const compiled = new InstallationCache<string, CompiledRules>(500);

/** A VAT rate of basis points as the engine's exact percentage ("20", "5", "17.5"). */
const percentOfBp = (bp: number) => String(bp / 100);

/**
 * The company's settings, its parties' models and the heads (model, version row) of every model that
 * can take part, in one round trip: a quote is asked on every keystroke of a booking form.
 */
async function settingOf(ctx: Ctx, parties: PricingParties): Promise<SettingRow> {
  const { rows } = await ctx.db.execute<SettingRow>(sql`
    with party as (
      select
        (select cl.pricing_model_id from clients cl
          where cl.company_id = ${ctx.session.companyId} and cl.id = ${parties.clientId ?? 0}) as client_model_id,
        (select vt.pricing_model_id from vehicle_types vt
          where vt.company_id = ${ctx.session.companyId} and vt.id = ${parties.vehicleTypeId ?? 0}) as vehicle_type_model_id
    )
    select c.currency, c.timezone, c.is_vat_registered, c.vat_rate_bp, c.prices_include_vat,
      c.road_factor, c.fare_rounding_step, c.base_lat, c.base_lng,
      party.client_model_id, party.vehicle_type_model_id,
      (select count(*) || ':' || coalesce(max(z.id), 0) || ':' || coalesce(max(z.updated_at)::text, '')
        from zones z where z.company_id = c.id) as zones_stamp,
      coalesce((
        select json_agg(json_build_object('model_id', m.id, 'mode', m.mode, 'is_default', m.is_default,
          'version_id', v.id) order by m.id)
        from pricing_models m
        join pricing_model_versions v
          on v.company_id = m.company_id and v.model_id = m.id and v.version = m.current_version
        where m.company_id = c.id
          and ((m.is_active and m.is_default)
            or m.id in (party.client_model_id, party.vehicle_type_model_id, ${parties.modelId ?? 0}))
      ), '[]'::json) as heads
    from companies c, party where c.id = ${ctx.session.companyId}`);
  const row = rows[0];
  if (!row) throw new Error(`company ${ctx.session.companyId} has no row`);
  return row;
}

async function modelsOf(ctx: Ctx, versionIds: number[]): Promise<Map<number, PricingModel>> {
  const missing = versionIds.filter((id) => !versions.get(ctx.services, id));
  if (missing.length) {
    const { rows } = await ctx.db.execute<{ id: number; rules: PricingModel }>(sql`
      select id, rules from pricing_model_versions
      where company_id = ${ctx.session.companyId} and id = any(${`{${missing.join(',')}}`}::int[])`);
    for (const row of rows) versions.set(ctx.services, row.id, row.rules);
  }
  return new Map(versionIds.map((id) => [id, versions.get(ctx.services, id) as PricingModel]));
}

const kindOfMode = (mode: string) => (mode === 'mileage' ? 'standard' : mode);

/**
 * The company's pricing rules for one journey's parties, compiled: the default of each role (distance,
 * hourly, fixed-price table), the client's and the vehicle type's models, and a model chosen to price
 * under alone. A company without a distance or hourly model is priced by the built-in tariffs.
 */
export async function companyRules(ctx: Ctx, parties: PricingParties): Promise<CompanyRules> {
  const setting = await settingOf(ctx, parties);
  const heads = setting.heads;
  const defaultOf = (kinds: string[]) =>
    heads.find((h) => h.is_default && kinds.includes(kindOfMode(h.mode)))?.model_id ?? null;
  const defaultModelId = defaultOf(['standard', 'vehicle']) ?? BUILT_IN_STANDARD_ID;
  const defaultHourlyModelId = defaultOf(['hourly']) ?? BUILT_IN_HOURLY_ID;
  const fixedPriceModelId = defaultOf(['fixed']);
  const clientModel = heads.find((h) => h.model_id === setting.client_model_id);
  const vehicleModel = heads.find((h) => h.model_id === setting.vehicle_type_model_id);

  const vatRate = setting.is_vat_registered ? percentOfBp(setting.vat_rate_bp) : '0';
  const key = JSON.stringify([
    ctx.session.companyId,
    setting.currency,
    setting.timezone,
    vatRate,
    setting.prices_include_vat,
    setting.fare_rounding_step,
    heads.map((h) => h.version_id),
    defaultModelId,
    defaultHourlyModelId,
    fixedPriceModelId,
    parties.clientId && clientModel ? [parties.clientId, clientModel.model_id] : null,
    parties.vehicleTypeId && vehicleModel ? [parties.vehicleTypeId, vehicleModel.model_id] : null,
  ]);
  let rules = compiled.get(ctx.services, key);
  if (!rules) {
    const stored = await modelsOf(
      ctx,
      heads.map((h) => h.version_id),
    );
    const models: PricingModel[] = [...stored.values()];
    if (defaultModelId === BUILT_IN_STANDARD_ID) {
      models.push(startingStandardTariff(BUILT_IN_STANDARD_ID, 1, 'Built-in tariff'));
    }
    if (defaultHourlyModelId === BUILT_IN_HOURLY_ID) models.push(startingHourlyTariff(BUILT_IN_HOURLY_ID, 1));
    const input: PricingRulesInput = {
      currency: setting.currency,
      timeZone: setting.timezone,
      vat: { mode: setting.prices_include_vat ? 'inclusive' : 'exclusive', ratePercent: vatRate },
      rounding: { mode: 'half-up', step: setting.fare_rounding_step, stepMode: 'half-up' },
      models,
      defaultModelId,
      defaultHourlyModelId,
      fixedPriceModelId,
      clientModels:
        parties.clientId && clientModel ? [{ clientId: parties.clientId, modelId: clientModel.model_id }] : [],
      vehicleTypeModels:
        parties.vehicleTypeId && vehicleModel
          ? [{ vehicleTypeId: parties.vehicleTypeId, modelId: vehicleModel.model_id }]
          : [],
    };
    rules = compiled.set(ctx.services, key, compileRules(input));
  }
  const base =
    setting.base_lat !== null && setting.base_lng !== null
      ? { lat: Number(setting.base_lat), lng: Number(setting.base_lng) }
      : null;
  return {
    rules,
    setting: { currency: setting.currency, timeZone: setting.timezone, roadFactor: Number(setting.road_factor), base },
    versionIds: new Map(heads.map((h) => [h.model_id, h.version_id])),
    zonesStamp: setting.zones_stamp,
  };
}
