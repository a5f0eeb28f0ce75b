import { and, asc, eq, inArray } from 'drizzle-orm';
import { type ListParams, peopleError, type schemas } from '@cabdesk/contract';
import type { DriverPayModel, MileagePay } from '@cabdesk/pay-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { clients } from '../clients/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { changePart, modelOf, nextId, versionRules, type SentAs } from './rules';

/**
 * The per-part calls: each reads one part of the version in force, or replaces it through the one
 * mechanism (`changePart` → `changeRules`), naming a refused field as the call sent it.
 */

type Ctx = CallContext<Session>;

/** The rules in force of the company's model (null: none yet). */
export async function rulesOf(ctx: Ctx, modelId: number) {
  const model = await modelOf(ctx, modelId);
  return { model, rules: await versionRules(ctx, model.id, model.currentVersion) };
}

/** A list answer over rows already in memory (a part of one version is small). */
export function pageOf<Row>(input: Pick<ListParams, 'page' | 'perPage'>, rows: Row[]) {
  return listPage(input, {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  });
}

const matches = (q: string, ...texts: (string | null | undefined)[]) =>
  !q || texts.some((t) => t?.toLowerCase().includes(q.toLowerCase()));

/** DriverPayment/GetDriverPayment. */
export async function basisOf(ctx: Ctx, modelId: number) {
  const { model, rules } = await rulesOf(ctx, modelId);
  return {
    DriverPaymentID: model.id,
    name: model.name,
    version: model.currentVersion,
    basis: rules?.basis ?? null,
    commission: rules?.commission ?? null,
    mileage: rules?.mileage ?? null,
    fixedPerJob: rules?.fixedPerJob ?? null,
    hourly: rules?.hourly ?? null,
  };
}

const bands = (pay: MileagePay | null | undefined) =>
  (pay?.steps ?? []).map((s, index) => ({ index, fromKm: s.fromKm, toKm: s.toKm ?? null, ratePerKm: s.ratePerKm }));

type Car = 'ownCar' | 'companyCar';

/** GetDrvrPymntOwnCarMileage, GetDrvrPymntCompanyCarMileage. */
export async function mileageBands(ctx: Ctx, input: z.output<typeof schemas.modelListInput>, car: Car) {
  const { rules } = await rulesOf(ctx, input.DriverPaymentID);
  return pageOf(input, bands(rules?.mileage?.[car]));
}

async function companyVehicleType(ctx: Ctx, id: number) {
  const [type] = await ctx.db
    .select({ id: vehicleTypes.id, name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, id)));
  if (!type) {
    throw new AppError(404, `Vehicle type ${id} was not found.`, [
      peopleError('vehicleTypeID', `vehicle type ${id} was not found`),
    ]);
  }
  return type;
}

const typeMileage = (rules: DriverPayModel | null, vehicleTypeId: number) =>
  rules?.vehicleTypeMileage.find((r) => r.vehicleTypeId === vehicleTypeId);

/** GetDrvrPymntVehicleOwnCarMileage, GetDrvrPymntVehicleCompanyCarMileage: the type's own bands, else the model's. */
export async function vehicleTypeBands(
  ctx: Ctx,
  input: z.output<typeof schemas.vehicleTypeMileageListInput>,
  car: Car,
) {
  const { rules } = await rulesOf(ctx, input.DriverPaymentID);
  await companyVehicleType(ctx, input.vehicleTypeID);
  const own = typeMileage(rules, input.vehicleTypeID);
  return pageOf(input, bands(own ? own[car] : rules?.mileage?.[car]));
}

/** GetDriverPaymentVehicleType: every vehicle type with the mileage it pays under the model. */
export async function vehicleTypesOf(ctx: Ctx, input: z.output<typeof schemas.modelListInput>) {
  const { rules } = await rulesOf(ctx, input.DriverPaymentID);
  const types = await ctx.db
    .select({ id: vehicleTypes.id, name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.companyId, ctx.session.companyId))
    .orderBy(asc(vehicleTypes.name), asc(vehicleTypes.id));
  const rows = types
    .filter((t) => matches(input.q, t.name))
    .map((t) => {
      const own = typeMileage(rules, t.id);
      return {
        id: t.id,
        vehicleTypeID: t.id,
        vehicleTypeName: t.name,
        hasOwnMileage: Boolean(own),
        ownCar: own?.ownCar ?? rules?.mileage?.ownCar ?? null,
        companyCar: own?.companyCar ?? rules?.mileage?.companyCar ?? null,
      };
    });
  return pageOf(input, rows);
}

/** GetDrvrPaymentVehicleOveride: the overrides with the names of what they name. */
export async function vehicleOverridesOf(ctx: Ctx, input: z.output<typeof schemas.vehicleOverrideListInput>) {
  const { rules } = await rulesOf(ctx, input.DriverPaymentID);
  const overrides = (rules?.vehicleOverrides ?? []).filter((o) => !input.appliesTo || o.appliesTo === input.appliesTo);
  const vehicleIds = overrides.flatMap((o) => (o.vehicleId != null ? [o.vehicleId] : []));
  const typeIds = overrides.flatMap((o) => (o.vehicleTypeId != null ? [o.vehicleTypeId] : []));
  const vehicleNames = new Map(
    vehicleIds.length
      ? (
          await ctx.db
            .select({
              id: vehicles.id,
              registration: vehicles.registration,
              make: vehicles.make,
              model: vehicles.model,
            })
            .from(vehicles)
            .where(and(eq(vehicles.companyId, ctx.session.companyId), inArray(vehicles.id, vehicleIds)))
        ).map((v) => [v.id, [v.registration, v.make, v.model].filter(Boolean).join(' ')])
      : [],
  );
  const typeNames = new Map(
    typeIds.length
      ? (
          await ctx.db
            .select({ id: vehicleTypes.id, name: vehicleTypes.name })
            .from(vehicleTypes)
            .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), inArray(vehicleTypes.id, typeIds)))
        ).map((t) => [t.id, t.name])
      : [],
  );
  const rows = overrides
    .map((o) => ({
      id: o.id,
      vehicleId: o.vehicleId ?? null,
      vehicleName: o.vehicleId != null ? (vehicleNames.get(o.vehicleId) ?? null) : null,
      vehicleTypeId: o.vehicleTypeId ?? null,
      vehicleTypeName: o.vehicleTypeId != null ? (typeNames.get(o.vehicleTypeId) ?? null) : null,
      appliesTo: o.appliesTo,
      commissionPercent: o.commissionPercent ?? null,
      fixedPerJob: o.fixedPerJob ?? null,
    }))
    .filter((r) => matches(input.q, r.vehicleName, r.vehicleTypeName));
  return pageOf(input, rows);
}

/** A path inside one row of a part, as a call that sends that row alone names it. */
const withinRow =
  (part: string, index: number, rename: Record<string, string> = {}): SentAs =>
  (path) => {
    if (path[0] === part && path[1] === index) {
      const rest = path.slice(2).map(String);
      const first = rest[0];
      if (first !== undefined && rename[first]) rest[0] = rename[first];
      return rest.length ? rest.join('.') : part;
    }
    return path.map(String).join('.');
  };

/** UpdateVehicleOverride: one override replaced by its id. */
export async function replaceVehicleOverride(ctx: Ctx, input: z.output<typeof schemas.vehicleOverrideUpdateInput>) {
  const { DriverPaymentID, ...override } = input;
  let at = -1;
  return changePart(
    ctx,
    DriverPaymentID,
    'vehicleOverrides',
    (current = []) => {
      at = current.findIndex((o) => o.id === override.id);
      if (at < 0) throw notFound(`Vehicle override ${override.id} of model ${DriverPaymentID}`);
      return current.map((o, i) => (i === at ? override : o));
    },
    (path) => withinRow('vehicleOverrides', at)(path),
  );
}

async function clientNames(ctx: Ctx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await ctx.db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), inArray(clients.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

type ClientRule = DriverPayModel['clientRules'][number];

function clientRow(rule: ClientRule, names: Map<number, string>) {
  return {
    id: rule.id,
    ClientDriverPaymentID: rule.id,
    ClientId: rule.clientId,
    clientName: names.get(rule.clientId) ?? null,
    appliesTo: rule.appliesTo,
    commissionPercent: rule.commissionPercent ?? null,
    fixedPerJob: rule.fixedPerJob ?? null,
  };
}

/** GetDrvrPaymentClient. */
export async function clientRulesOf(ctx: Ctx, input: z.output<typeof schemas.modelListInput>) {
  const { rules } = await rulesOf(ctx, input.DriverPaymentID);
  const list = rules?.clientRules ?? [];
  const names = await clientNames(ctx, [...new Set(list.map((r) => r.clientId))]);
  const rows = list.map((r) => clientRow(r, names)).filter((r) => matches(input.q, r.clientName));
  rows.sort((a, b) => (a.clientName ?? '').localeCompare(b.clientName ?? '') || a.id - b.id);
  return pageOf(input, rows);
}

const clientFields = { clientId: 'ClientId', id: 'ClientDriverPaymentID' };

/**
 * AddDrvrPaymentClient: a rule added (or the one named replaced). A rule for the same client and jobs
 * is the same rule: it is replaced rather than refused as a repeat.
 */
export async function putClientRule(ctx: Ctx, input: z.output<typeof schemas.clientRuleInput>) {
  let at = -1;
  let rule: ClientRule | undefined;
  const result = await changePart(
    ctx,
    input.DriverPaymentID,
    'clientRules',
    (current = []) => {
      at = input.ClientDriverPaymentID
        ? current.findIndex((r) => r.id === input.ClientDriverPaymentID)
        : current.findIndex((r) => r.clientId === input.ClientId && r.appliesTo === input.appliesTo);
      if (input.ClientDriverPaymentID && at < 0) {
        throw new AppError(404, `Client rule ${input.ClientDriverPaymentID} was not found.`, [
          peopleError('ClientDriverPaymentID', `rule ${input.ClientDriverPaymentID} was not found`),
        ]);
      }
      rule = {
        id: at >= 0 ? (current[at] as ClientRule).id : nextId(current),
        clientId: input.ClientId,
        appliesTo: input.appliesTo,
        commissionPercent: input.commissionPercent ?? null,
        fixedPerJob: input.fixedPerJob ?? null,
      };
      if (at < 0) {
        at = current.length;
        return [...current, rule];
      }
      return current.map((r, i) => (i === at ? (rule as ClientRule) : r));
    },
    (path) => withinRow('clientRules', at, clientFields)(path),
  );
  const saved = result.rows.find((r) => r.id === rule?.id) as ClientRule;
  return clientRow(saved, await clientNames(ctx, [saved.clientId]));
}

/** DeleteDrvrPaymentClient. */
export function removeClientRule(ctx: Ctx, input: z.output<typeof schemas.clientRuleKeyInput>) {
  return changePart(ctx, input.DriverPaymentID, 'clientRules', (current = []) => {
    if (!current.some((r) => r.id === input.ClientDriverPaymentID)) {
      throw new AppError(404, `Client rule ${input.ClientDriverPaymentID} was not found.`, [
        peopleError('ClientDriverPaymentID', `rule ${input.ClientDriverPaymentID} was not found`),
      ]);
    }
    return current.filter((r) => r.id !== input.ClientDriverPaymentID);
  });
}

/** UpdateBonus: one bonus replaced by its id. */
export function replaceBonus(ctx: Ctx, input: z.output<typeof schemas.bonusUpdateInput>) {
  const { DriverPaymentID, ...bonus } = input;
  let at = -1;
  return changePart(
    ctx,
    DriverPaymentID,
    'bonuses',
    (current = []) => {
      at = current.findIndex((b) => b.id === bonus.id);
      if (at < 0) {
        throw new AppError(404, `Bonus ${bonus.id} was not found.`, [
          peopleError('id', `bonus ${bonus.id} was not found`),
        ]);
      }
      return current.map((b, i) => (i === at ? bonus : b));
    },
    (path) => withinRow('bonuses', at)(path),
  );
}

/** GetDriverPaymentBonus: the spec's bonusMaster and bonusDetail. */
export async function bonusesOf(ctx: Ctx, modelId: number) {
  const { model, rules } = await rulesOf(ctx, modelId);
  const bonuses = rules?.bonuses ?? [];
  return {
    DriverPaymentID: model.id,
    version: model.currentVersion,
    bonusMaster: bonuses.map((b) => ({ id: b.id, name: b.name, measure: b.measure, bandCount: b.bands.length })),
    bonusDetail: bonuses.flatMap((b) =>
      b.bands.map((band, index) => ({
        bonusId: b.id,
        index,
        from: band.from,
        to: band.to ?? null,
        amount: band.amount,
      })),
    ),
  };
}
