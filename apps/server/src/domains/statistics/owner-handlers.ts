import type { BuiltName } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext, Handlers } from '../../platform/http/context';
import { bookingCountsOf, type Dimension, type Range, statisticsOf, trendsOf, weekDaysOf } from './booking-stats';

type Ctx = CallContext<Session>;
type OwnerInput = Range & { id: number };

/**
 * The four statistics handlers of an owner of bookings (contract `ownerStatistics()`): each first
 * makes sure the owner is the caller company's (404 otherwise), then reads its bookings.
 */
export function ownerStatisticsHandlers<
  S extends BuiltName,
  C extends BuiltName,
  W extends BuiltName,
  T extends BuiltName,
>(
  dimension: Dimension,
  ensure: (ctx: Ctx, id: number) => Promise<unknown>,
  names: { statistics: S; count: C; weekDays: W; trends: T },
): Pick<Handlers, S | C | W | T> {
  const owned =
    <R>(read: (ctx: Ctx, input: OwnerInput) => Promise<R>) =>
    async (input: OwnerInput, ctx: Ctx) => {
      await ensure(ctx, input.id);
      return read(ctx, input);
    };
  const built = {
    [names.statistics]: owned((ctx, input) => statisticsOf(ctx, dimension, input.id, input)),
    [names.count]: owned((ctx, input) => bookingCountsOf(ctx, dimension, input.id)),
    [names.weekDays]: owned((ctx, input) => weekDaysOf(ctx, dimension, input.id, input)),
    [names.trends]: owned((ctx, input) => trendsOf(ctx, dimension, input.id, input)),
  };
  // The contract gives these calls one input and output each (ownerStatistics), which the names
  // alone cannot tell TypeScript; the refusal matrix and the owners' tests call every one of them.
  return built as unknown as Pick<Handlers, S | C | W | T>;
}
