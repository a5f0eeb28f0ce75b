import { eq } from 'drizzle-orm';
import type { CallInput } from '@cabdesk/contract';
import { bookingValidations } from '../src/domains/booking-validation/schema';
import { bookings } from '../src/domains/bookings/schema';
import { drivers } from '../src/domains/drivers/schema';
import { callData } from './client';
import { createUser } from './factories';
import type { TestApp } from './harness';

/** Commission: the office keeps 25 % of cash and card fares, 20 % of account fares. */
export const commissionModel: CallInput<'DriverPayment/Create'> = {
  name: 'Commission 25 %',
  basis: 'commission',
  commission: { cashPercent: '25', cardPercent: '25', accountPercent: '20' },
};

/** A driver paid by a model, with bank details unless told otherwise. */
export async function payDriver(
  t: TestApp,
  companyId: number,
  modelId: number | null,
  options: { bank?: boolean; name?: string } = {},
): Promise<number> {
  const made = await createUser(t.db, companyId, 'driver');
  await t.db
    .update(drivers)
    .set({
      defaultPaymentModelId: modelId,
      lastName: options.name ?? 'Driver',
      ...(options.bank === false ? {} : { bankSortCode: '12-34-56', bankAccountNumber: '12345678' }),
    })
    .where(eq(drivers.id, made.personId));
  return made.personId;
}

export async function makeModel(t: TestApp, token: string, body = commissionModel): Promise<number> {
  return (await callData(t.app, 'DriverPayment/Create', body, token)).id;
}

/** A done job of a driver, validated at its fare (or not validated, or without a price). */
export async function doneJob(
  t: TestApp,
  companyId: number,
  driverId: number,
  job: { method: 'cash' | 'card' | 'account'; fare: number | null; pickupAt: string; validated?: boolean },
): Promise<number> {
  const [b] = await t.db
    .insert(bookings)
    .values({
      companyId,
      status: 'completed',
      pickupAt: new Date(job.pickupAt),
      driverId,
      paymentMethod: job.method,
      priceMinor: job.fare,
      distanceMetres: 12_000,
    })
    .returning({ id: bookings.id });
  if (job.validated !== false) {
    await t.db.insert(bookingValidations).values({
      companyId,
      bookingId: b!.id,
      status: 'validated',
      acceptedMinor: job.fare,
    });
  }
  return b!.id;
}
