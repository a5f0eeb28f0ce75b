import type { Quote } from '@cabdesk/fare-engine';

/**
 * What a booking keeps of the price it was agreed at: the engine's answer (price, net, VAT, the model
 * and version that priced it, the items and the rules considered), so a later tariff change never
 * changes it and an invoice can show how it was made. `override`: a person set another price (the
 * booking's price), by whom; the engine's answer beside it says what the tariff would have charged.
 */
export type PriceBreakdown = Quote & { override?: { price: number; userId: number } };
