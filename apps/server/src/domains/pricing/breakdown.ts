import type { Quote } from '@cabdesk/fare-engine';

/**
 * What a booking keeps of the price it was agreed at: the engine's answer (price, net, VAT, the model
 * and version that priced it, the items and the rules considered), so a later tariff change never
 * changes it and an invoice can show how it was made.
 */
export type PriceBreakdown = Quote;
