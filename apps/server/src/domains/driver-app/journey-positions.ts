import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { recordPositions } from '../tracking/positions';
import { signedInDriverId, type Ctx } from './signed-in-driver';

/** Driver/CurrentLocation and Booking/AddLiveLocationLog: the signed-in driver's positions, announced after commit. */
export async function recordOwnPositions(ctx: Ctx, input: z.output<typeof schemas.positionsInput>) {
  const driverId = signedInDriverId(ctx);
  const { stored, stale } = await recordPositions(ctx, ctx.session.companyId, driverId, input.points);
  ctx.afterCommit(() => ctx.services.metrics.positions.inc(stored));
  return { stored, stale };
}
