import type { Session } from '../auth/tokens';
import type { CallContext } from '../http/context';
import { liveEvents } from './schema';

export interface LiveEvent {
  type: string;
  payload: Record<string, unknown>;
  /** The driver whose app must hear of it too (an offer, a message, a cancelled job). */
  driverId?: number | null;
  officeOnly?: boolean;
}

/**
 * Records a live change in the call's own transaction and pushes it to open screens once the
 * transaction commits: a failed call announces nothing, and a reconnecting screen can catch up.
 */
export async function emit(ctx: CallContext<Session>, event: LiveEvent): Promise<void> {
  const [row] = await ctx.db
    .insert(liveEvents)
    .values({
      companyId: ctx.session.companyId,
      type: event.type,
      payload: {
        ...event.payload,
        ...(event.driverId ? { _driverId: event.driverId } : {}),
        ...(event.officeOnly ? { _officeOnly: true } : {}),
      },
    })
    .returning({ id: liveEvents.id });
  const message = {
    companyId: ctx.session.companyId,
    seq: row?.id ?? null,
    type: event.type,
    payload: event.payload,
    driverId: event.driverId ?? null,
    officeOnly: event.officeOnly ?? false,
  };
  ctx.afterCommit(() => ctx.services.bus.publish(message));
}
