import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { driverProfile, type DriverProfile } from '../drivers/profile';
import { updateDriver } from '../drivers/write';
import { signedInDriverId, type Ctx } from './signed-in-driver';

/** What the driver sees of their own profile: everything but the office's notes about them. */
const asOwnProfile = ({ notes: _notes, ...rest }: DriverProfile) => rest;

/** Driver/GetTableSummaryDriverDrvApp: a one-row list, the shape of every TableSummary call. */
export async function ownProfileList(ctx: Ctx) {
  const row = asOwnProfile(await driverProfile(ctx, signedInDriverId(ctx)));
  return { data: [row], allData: [row], total: 1, count: 1 };
}

/**
 * Both profile calls go through the office's driver update, so the field rules, the audit trail and
 * the app account's name stay the same whoever changes the driver.
 */
export async function updateOwnPersonalProfile(ctx: Ctx, input: z.output<typeof schemas.driverPersonalProfileInput>) {
  const { data } = await updateDriver(ctx, { ...input, id: signedInDriverId(ctx) });
  return { data: asOwnProfile(data), message: 'Your profile is saved.' };
}

export async function updateOwnAccountProfile(ctx: Ctx, input: z.output<typeof schemas.driverAccountProfileInput>) {
  const { data } = await updateDriver(ctx, { ...input, id: signedInDriverId(ctx) });
  return { data: asOwnProfile(data), message: 'Your bank account is saved.' };
}
