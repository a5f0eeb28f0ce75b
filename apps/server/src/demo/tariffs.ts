import { and, eq } from 'drizzle-orm';
import { type PricingModel, pricingModelSchema } from '@cabdesk/fare-engine';
import type { Db } from '../platform/db/client';
import { clients } from '../domains/clients/schema';
import { pricingModels, pricingModelVersions } from '../domains/pricing/schema';
import { knownLocations, zones } from '../domains/reference-data/schema';
import { fixedPrices } from '../domains/pricing/fixed-schema';
import { FIXED_TABLE_NAME } from '../domains/pricing/fixed-store';

/** A model's rules without the id and version the database gives it (each kind kept apart). */
type ModelRules = PricingModel extends infer M ? (M extends PricingModel ? Omit<M, 'id' | 'version'> : never) : never;

/** A model with its rules as version 1, or its next version when it exists (the starting "Standard tariff"). */
async function writeModel(
  db: Db,
  companyId: number,
  rules: ModelRules,
  flags: { isDefault: boolean; mode: (typeof pricingModels.$inferInsert)['mode'] },
): Promise<number> {
  const [existing] = await db
    .select({ id: pricingModels.id, version: pricingModels.currentVersion })
    .from(pricingModels)
    .where(and(eq(pricingModels.companyId, companyId), eq(pricingModels.name, rules.name)));
  const version = (existing?.version ?? 0) + 1;
  const id =
    existing?.id ??
    (
      await db
        .insert(pricingModels)
        .values({ companyId, name: rules.name, mode: flags.mode, isDefault: flags.isDefault })
        .returning({ id: pricingModels.id })
    )[0]?.id;
  if (!id) throw new Error(`no model written for ${rules.name}`);
  await db
    .insert(pricingModelVersions)
    .values({ companyId, modelId: id, version, rules: pricingModelSchema.parse({ ...rules, id, version }) });
  await db
    .update(pricingModels)
    .set({ currentVersion: version, isDefault: flags.isDefault, updatedAt: new Date() })
    .where(and(eq(pricingModels.companyId, companyId), eq(pricingModels.id, id)));
  return id;
}

/**
 * Each demo company's real tariffs (docs/pricing.md): its standard tariff with three distance bands,
 * waiting with an airport grace, a night peak and a Christmas peak; a fixed price from its airport to
 * the city centre; and a zone model for its key account (a set price inside the city centre), so the
 * booking form shows precedence at work.
 */
export async function seedTariffs(db: Db, companyId: number): Promise<void> {
  await writeModel(
    db,
    companyId,
    {
      kind: 'standard',
      name: 'Standard tariff',
      baseFare: 350,
      includedKm: 1,
      mileageSteps: [
        { fromKm: 1, toKm: 10, ratePerKm: 200 },
        { fromKm: 10, toKm: 30, ratePerKm: 160 },
        { fromKm: 30, ratePerKm: 130 },
      ],
      ratePerMinute: 0,
      waiting: { graceMinutes: 5, airportGraceMinutes: 45, ratePerMinute: 30 },
      minimumFare: 700,
      peakTimes: [
        { id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '23:00', to: '05:00', multiplier: '1.5' },
      ],
      peakPeriods: [
        { id: 1, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', multiplier: '2' },
        { id: 2, name: 'New Year', from: '2026-12-31T18:00', to: '2027-01-01T06:00', multiplier: '2' },
      ],
    },
    { isDefault: true, mode: 'mileage' },
  );
  const [centre] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.companyId, companyId), eq(zones.name, 'City centre')));
  const [keyAccount] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.accountNo, 'ACME')));
  if (!centre) return;
  await seedAirportPrice(db, companyId, centre.id);
  if (!keyAccount) return;
  const contract = await writeModel(
    db,
    companyId,
    {
      kind: 'zone',
      name: 'Acme contract',
      routes: [{ fromZoneId: centre.id, toZoneId: centre.id, reverseAlsoMatches: false, price: 1200 }],
      peakTimes: [],
      peakPeriods: [],
    },
    { isDefault: false, mode: 'zone' },
  );
  await db
    .update(clients)
    .set({ pricingModelId: contract })
    .where(and(eq(clients.companyId, companyId), eq(clients.id, keyAccount.id)));
}

/** The company's fixed-price table with one row: its airport to and from the city centre zone. */
async function seedAirportPrice(db: Db, companyId: number, centreId: number): Promise<void> {
  const [airport] = await db
    .select({ id: knownLocations.id })
    .from(knownLocations)
    .where(and(eq(knownLocations.companyId, companyId), eq(knownLocations.locationType, 'airport')))
    .limit(1);
  if (!airport) return;
  const [model] = await db
    .insert(pricingModels)
    .values({ companyId, name: FIXED_TABLE_NAME, mode: 'fixed', isDefault: true, currentVersion: 1 })
    .returning({ id: pricingModels.id });
  const modelId = model?.id as number;
  const rows = await db
    .insert(fixedPrices)
    .values({
      companyId,
      modelId,
      fromKey: `location:${airport.id}`,
      toKey: `zone:${centreId}`,
      vehicleTypeId: null,
      priceMinor: 6500,
      reverseAlsoMatches: true,
    })
    .returning();
  await db.insert(pricingModelVersions).values({
    companyId,
    modelId,
    version: 1,
    rules: pricingModelSchema.parse({
      kind: 'fixed',
      id: modelId,
      version: 1,
      name: FIXED_TABLE_NAME,
      rows: rows.map((r) => ({
        id: r.id,
        from: r.fromKey,
        to: r.toKey,
        vehicleTypeId: r.vehicleTypeId,
        price: r.priceMinor,
        reverseAlsoMatches: r.reverseAlsoMatches,
      })),
    }),
  });
}
