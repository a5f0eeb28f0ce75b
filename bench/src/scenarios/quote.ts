import { compareThroughput } from './users-list';
import type { BenchContext } from './context';

/** A journey across London, priced by the company's default tariff (the bench company's own). */
export const QUOTE_BODY = {
  stops: [
    { address: 'Palace of Westminster, London', postcode: 'SW1A 0AA', lat: 51.4995, lng: -0.1248 },
    { address: 'Heathrow Terminal 5', postcode: 'TW6 2GA', lat: 51.4723, lng: -0.488 },
  ],
  pickupAt: '2027-03-02T23:30:00.000Z',
};

/**
 * Booking/GetBookingQuote through the whole product (token, validation, permission, the company's
 * rules by precedence, zones, the engine) vs. a bare route that reads the default tariff's version and
 * asks the engine for the same journey: throughput.
 */
export function quoteCall(ctx: BenchContext) {
  return compareThroughput(
    ctx,
    {
      name: 'Booking/GetBookingQuote (product)',
      url: `${ctx.appUrl}/Booking/GetBookingQuote`,
      body: QUOTE_BODY,
      headers: { authorization: `Bearer ${ctx.officeToken}` },
    },
    { name: 'default tariff + engine, bare Fastify + pg', url: `${ctx.baselineUrl}/baseline/quote`, body: QUOTE_BODY },
  );
}
