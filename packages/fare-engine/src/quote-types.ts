import type { CompiledModel, CompiledPeak } from './compile';
import type { PricingModelKind } from './schemas';

export type ItemCode =
  | 'base'
  | 'distance'
  | 'time'
  | 'waiting'
  | 'deadMileage'
  | 'hourly'
  | 'zonePrice'
  | 'fixedPrice'
  | 'vehicleType'
  | 'peak'
  | 'minimumFare'
  | 'discount'
  | 'rounding'
  | 'extra'
  | 'vat';

/** One line of the breakdown: what it is, its amount in minor units (a discount is negative) and how it was made. */
export interface QuoteItem {
  code: ItemCode;
  label: string;
  amount: number;
  detail: string;
}

/** The steps of precedence, in order, then the peaks of the model that priced the journey. */
export type ConsideredKind = PricedBy['via'] | 'peakTime' | 'peakPeriod';

export interface Considered {
  kind: ConsideredKind;
  id: number | null;
  name: string | null;
  matched: boolean;
  why: string;
}

export interface PricedBy {
  kind: PricingModelKind;
  id: number;
  version: number;
  name: string;
  /** Which step of precedence found the model. */
  via: 'fixedPrice' | 'clientModel' | 'vehicleTypeModel' | 'companyDefault' | 'chosenModel';
  /** The fixed-price row that priced it (its id, or its place in the table from 1 when it has none). */
  fixedRow?: number;
}

export interface Quote {
  /** What the customer pays (gross), minor units; the items add up to exactly this. */
  price: number;
  net: number;
  vat: number;
  currency: string;
  vatMode: 'inclusive' | 'exclusive';
  pricedBy: PricedBy;
  items: QuoteItem[];
  considered: Considered[];
  /** The pick-up in the company's time zone, as the peaks saw it (YYYY-MM-DDTHH:MM). */
  pickupLocal: string;
}

export type Step = PricedBy['via'];

export interface QuoteOptions {
  /** Price under this model alone, whatever the precedence would pick. */
  modelId?: number | null;
}

export interface Fare {
  model: CompiledModel;
  items: QuoteItem[];
  minimum: number;
  peaks: readonly CompiledPeak[];
  fixedRow?: number;
}
