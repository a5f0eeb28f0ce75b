import type { RoundingMode } from '@cabdesk/money';
import type { PayBasis } from './schemas';

export type PayItemCode = 'fare' | 'commission' | 'mileage' | 'perJob' | 'fixed' | 'hourly' | 'notPaid' | 'peak';

/** One line of a job's pay: what it is, its amount in minor units (the commission is negative) and how it was made. */
export interface PayItem {
  code: PayItemCode;
  label: string;
  amount: number;
  detail: string;
}

/** The steps of precedence, then the peaks. */
export type PayConsideredKind = 'clientRule' | 'vehicleOverride' | 'basis' | 'peakPeriod' | 'peakTime';

export interface PayConsidered {
  kind: PayConsideredKind;
  /** The rule's id (a client rule, an override, a peak; the model's for the basis); null when there is none. */
  id: number | null;
  matched: boolean;
  why: string;
}

/** Which step of precedence decided the pay. */
export type PaidVia = 'clientRule' | 'vehicleOverride' | 'model';

export interface JobPay {
  /** The driver's pay for the job, minor units, ≥ 0; the items add up to exactly this. */
  amount: number;
  modelId: number;
  version: number;
  /** How the amount was made: by commission, mileage, a fixed amount, by the hour, or not paid at all. */
  basis: PayBasis | 'none';
  via: PaidVia;
  /** The client rule's or the override's id when one decided the pay. */
  ruleId: number | null;
  items: PayItem[];
  considered: PayConsidered[];
  /** The pick-up on the company's clock, as the peaks saw it (YYYY-MM-DDTHH:MM). */
  pickupLocal: string;
}

export interface PayOptions {
  /** The company's time zone: peaks are read on its clock. */
  timeZone: string;
  /** How fractions of a minor unit round (commission, per-km, per-minute, multipliers); half-up by default. */
  rounding?: RoundingMode;
  /** The company's currency, for the amounts written in the details (two decimals without it). */
  currency?: string;
}
