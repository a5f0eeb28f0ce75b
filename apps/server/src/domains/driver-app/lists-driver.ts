import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { forbidden } from '../../platform/http/errors';

export type Ctx = CallContext<Session>;

/** The driver behind the signed-in account; the driver app's lists serve no one else. */
export function ownDriverId(ctx: Ctx): number {
  const { session } = ctx;
  if (session.kind !== 'driver' || !session.personId) throw forbidden('Only a driver account can read these lists.');
  return session.personId;
}
