import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { forbidden } from '../../platform/http/errors';

export type Ctx = CallContext<Session>;

/** The driver behind the signed-in account: the driver app acts for no one else. */
export function signedInDriverId(ctx: Ctx): number {
  const { session } = ctx;
  if (session.kind !== 'driver' || !session.personId) throw forbidden('Only a driver account can use the driver app.');
  return session.personId;
}
