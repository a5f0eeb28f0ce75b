import { z } from 'zod';
import { PayInputError } from './errors';
import { moneyText } from './money-text';
import { type Bonus, type BonusBand, bonusSchema, type BonusMeasure } from './schemas';

/** What the bonuses count over a statement's period. */
export const bonusMeasuresSchema = z.object({
  jobs: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0'),
  /** The driver's earned pay in the period (Σ of the jobs' pay), minor units. */
  earnings: z
    .number({ error: 'must be a whole number of minor units' })
    .int('must be a whole number of minor units')
    .min(0, 'must be at least 0'),
  /** The average rating, 0–5; absent when no passenger rated. */
  rating: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(5, 'must be at most 5').optional(),
  /** The share of offered jobs accepted, 0–100 %; absent when none was offered. */
  acceptanceRate: z
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .optional(),
});

export type BonusMeasures = z.input<typeof bonusMeasuresSchema>;

/** A type, not an interface, so that netStatement takes the lines as they are. */
export type BonusItem = {
  code: 'bonus';
  bonusId: number;
  label: string;
  /** Minor units ≥ 0: the amount of the band the measure falls in, else 0. */
  amount: number;
  detail: string;
  /** The band that paid (its place from 0), null when none did. */
  band: number | null;
};

const bonusesSchema = z.array(bonusSchema).max(50, 'must have at most 50 bonuses');

const measureWords: Record<BonusMeasure, string> = {
  jobs: 'jobs',
  earnings: 'earnings',
  rating: 'rating',
  acceptanceRate: 'acceptance rate',
};

/** One line per bonus: the band its measure falls in (from inclusive, to exclusive), or none and why. */
export function bonusFor(
  bonuses: readonly z.input<typeof bonusSchema>[],
  measuresInput: BonusMeasures,
  options: { currency?: string } = {},
): BonusItem[] {
  const parsedBonuses = bonusesSchema.safeParse(bonuses);
  if (!parsedBonuses.success) throw PayInputError.fromZod(parsedBonuses.error, 'the bonuses are not valid', 'bonuses.');
  const parsed = bonusMeasuresSchema.safeParse(measuresInput);
  if (!parsed.success) throw PayInputError.fromZod(parsed.error, 'the bonus measures are not valid', 'measures.');
  const measures = parsed.data;
  const money = moneyText(options.currency);
  const show = (measure: BonusMeasure, v: number) =>
    measure === 'earnings' ? money(v) : measure === 'acceptanceRate' ? `${v}%` : String(v);
  const bandText = (b: Bonus, band: BonusBand) =>
    band.to != null ? `${show(b.measure, band.from)}–${show(b.measure, band.to)}` : `${show(b.measure, band.from)} on`;

  return parsedBonuses.data.map((bonus) => {
    const value = measures[bonus.measure];
    const line = { code: 'bonus' as const, bonusId: bonus.id, label: bonus.name };
    if (value === undefined) {
      return { ...line, amount: 0, band: null, detail: `no ${measureWords[bonus.measure]} in the period` };
    }
    const what = `${measureWords[bonus.measure]} ${show(bonus.measure, value)}`;
    const at = bonus.bands.findIndex((band) => value >= band.from && (band.to == null || value < band.to));
    const band = bonus.bands[at];
    if (!band) {
      return {
        ...line,
        amount: 0,
        band: null,
        detail: `${what} falls in no band (${bonus.bands.map((b) => bandText(bonus, b)).join(', ')})`,
      };
    }
    return {
      ...line,
      amount: band.amount,
      band: at,
      detail: `${what} is in the band ${bandText(bonus, band)}: ${money(band.amount)}`,
    };
  });
}
