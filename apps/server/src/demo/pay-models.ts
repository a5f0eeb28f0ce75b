import { and, asc, eq } from 'drizzle-orm';
import { driverPayModelSchema, type DriverPayModelInput } from '@cabdesk/pay-engine';
import type { Db } from '../platform/db/client';
import { clients } from '../domains/clients/schema';
import { drivers, driverTypes } from '../domains/drivers/schema';
import { driverPaymentModels, driverPayModelVersions } from '../domains/pay-rules/schema';
import { vehicles, vehicleTypes } from '../domains/vehicles/schema';

type Rules = Omit<DriverPayModelInput, 'id' | 'version' | 'name'>;

/** A model with its rules as version 1, or its next version when it exists (the company's starting models). */
async function writeModel(db: Db, companyId: number, name: string, description: string, rules: Rules) {
  const [existing] = await db
    .select({ id: driverPaymentModels.id, version: driverPaymentModels.currentVersion })
    .from(driverPaymentModels)
    .where(and(eq(driverPaymentModels.companyId, companyId), eq(driverPaymentModels.name, name)));
  const id =
    existing?.id ??
    (
      await db
        .insert(driverPaymentModels)
        .values({ companyId, name, description })
        .returning({ id: driverPaymentModels.id })
    )[0]?.id;
  if (!id) throw new Error(`no driver payment model written for ${name}`);
  const version = (existing?.version ?? 0) + 1;
  const checked = driverPayModelSchema.parse({ ...rules, id, version, name });
  await db.insert(driverPayModelVersions).values({ companyId, modelId: id, version, rules: checked });
  await db
    .update(driverPaymentModels)
    .set({ currentVersion: version, basis: checked.basis, description, updatedAt: new Date() })
    .where(and(eq(driverPaymentModels.companyId, companyId), eq(driverPaymentModels.id, id)));
  return id;
}

const night = { id: 1, name: 'Weekend nights', weekdays: [5, 6], from: '22:00', to: '05:00', multiplier: '1.2' };
const christmas = { id: 1, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', surcharge: 500 };
const weeklyJobs = {
  id: 1,
  name: 'Weekly jobs',
  measure: 'jobs' as const,
  bands: [
    { from: 40, to: 60, amount: 2500 },
    { from: 60, to: 80, amount: 5000 },
    { from: 80, amount: 8000 },
  ],
};
const band = (fromKm: number, toKm: number | null, ratePerKm: number) => ({ fromKm, toKm, ratePerKm });

/**
 * Every demo company's pay models (docs/driver-pay-rules.md): its three starting models get rules
 * (commission, hourly, fixed per job) and two mileage models are added (own car, company car with its
 * weekly rent). The commission model carries a night peak, a Christmas peak, a weekly jobs bonus, a
 * vehicle override and a client rule. Driver types get defaults and some drivers a model of their own.
 */
export async function seedPayModels(db: Db, companyId: number): Promise<void> {
  const [vehicle] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.companyId, companyId))
    .orderBy(asc(vehicles.id))
    .limit(1);
  const [executive] = await db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, companyId), eq(vehicleTypes.name, 'Executive')));
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.companyId, companyId))
    .orderBy(asc(clients.id))
    .limit(1);

  const commission = await writeModel(db, companyId, 'Commission', 'A share of each fare', {
    basis: 'commission',
    commission: { cashPercent: '25', cardPercent: '22.5', accountPercent: '20' },
    vehicleOverrides: [
      ...(vehicle ? [{ id: 1, vehicleId: vehicle.id, appliesTo: 'all' as const, commissionPercent: '15' }] : []),
      ...(executive
        ? [{ id: 2, vehicleTypeId: executive.id, appliesTo: 'card' as const, commissionPercent: '18' }]
        : []),
    ],
    clientRules: client ? [{ id: 1, clientId: client.id, appliesTo: 'all', commissionPercent: '15' }] : [],
    peakTimes: [night],
    peakPeriods: [christmas],
    bonuses: [weeklyJobs],
  });
  await writeModel(db, companyId, 'Hourly', 'Paid by the hour on shift', {
    basis: 'hourly',
    hourly: { ratePerHour: 1400, minimumMinutes: 60 },
  });
  const fixed = await writeModel(db, companyId, 'Fixed per job', 'A set amount per completed job', {
    basis: 'fixed',
    fixedPerJob: 900,
    peakTimes: [night],
  });
  const mileage = {
    ownCar: { perJob: 150, steps: [band(0, 10, 110), band(10, 30, 90), band(30, null, 70)] },
    companyCar: { perJob: 100, steps: [band(0, 10, 70), band(10, null, 55)] },
  };
  const ownCar = await writeModel(db, companyId, 'Mileage (own car)', 'Per km in bands, more in the driver’s own car', {
    basis: 'mileage',
    mileage,
    peakTimes: [night],
    peakPeriods: [christmas],
    bonuses: [weeklyJobs],
  });
  const companyCar = await writeModel(
    db,
    companyId,
    'Mileage (company car)',
    'Per km in bands, less the car’s weekly rent',
    {
      basis: 'mileage',
      mileage,
      vehicleTypeMileage: executive
        ? [
            {
              vehicleTypeId: executive.id,
              ownCar: { perJob: 200, steps: [band(0, null, 120)] },
              companyCar: { perJob: 150, steps: [band(0, null, 85)] },
            },
          ]
        : [],
      deductions: [{ id: 1, name: 'Company car rent', kind: 'rent', weeklyAmount: 15000, companyCarOnly: true }],
    },
  );

  const types = await db
    .select({ id: driverTypes.id, name: driverTypes.name })
    .from(driverTypes)
    .where(eq(driverTypes.companyId, companyId));
  for (const type of types) {
    const model = type.name === 'Owner driver' ? ownCar : type.name === 'Employed' ? companyCar : commission;
    await db
      .update(driverTypes)
      .set({ defaultPaymentModelId: model })
      .where(and(eq(driverTypes.companyId, companyId), eq(driverTypes.id, type.id)));
  }
  const people = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.companyId, companyId))
    .orderBy(asc(drivers.id));
  // A few drivers paid otherwise than their type: the rest show their type's default.
  const own = [commission, fixed, commission];
  for (const [i, driver] of people.slice(0, own.length).entries()) {
    await db
      .update(drivers)
      .set({ defaultPaymentModelId: own[i] })
      .where(and(eq(drivers.companyId, companyId), eq(drivers.id, driver.id)));
  }
}
