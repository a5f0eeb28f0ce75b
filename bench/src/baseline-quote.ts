import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { compileRules, type PricingModel, quote } from '../../packages/fare-engine/src';

const earthMetres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

/** The quote's bare equivalent: one query for the company and its default tariff, the engine, no checks. */
export function addQuoteBaseline(app: FastifyInstance, pool: pg.Pool, companyId: number) {
  // Compiled once per version, as the product does: the comparison is of everything around the engine.
  const compiled = new Map<number, ReturnType<typeof compileRules>>();
  app.post('/baseline/quote', async (request) => {
    const body = request.body as { stops: { lat: number; lng: number }[]; pickupAt: string };
    const { rows } = await pool.query<{ currency: string; timezone: string; rules: PricingModel; id: number }>(
      `select c.currency, c.timezone, v.rules, v.id from companies c
        join pricing_models m on m.company_id = c.id and m.is_default and m.mode = 'mileage'
        join pricing_model_versions v on v.company_id = c.id and v.model_id = m.id and v.version = m.current_version
        where c.id = $1 limit 1`,
      [companyId],
    );
    const row = rows[0];
    if (!row) throw new Error('the bench company has no default tariff');
    const rules =
      compiled.get(row.id) ??
      compileRules({
        currency: row.currency,
        timeZone: row.timezone,
        vat: { mode: 'inclusive', ratePercent: '20' },
        models: [row.rules],
        defaultModelId: row.rules.id,
      });
    compiled.set(row.id, rules);
    const [from, to] = body.stops as [{ lat: number; lng: number }, { lat: number; lng: number }];
    const distanceMetres = Math.round(earthMetres(from, to) * 1.3);
    const answer = quote({ distanceMetres, durationSeconds: Math.round(distanceMetres / 11) }, rules, body.pickupAt);
    return { data: { priceMinor: answer.price, breakdown: answer } };
  });
}
