/** What the pricing feature lends to other features: the breakdown beside a price. */
export { PriceBreakdown, type Breakdown } from './PriceBreakdown';
