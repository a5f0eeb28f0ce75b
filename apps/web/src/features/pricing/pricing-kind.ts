import type { RecordKind } from '../../kit/record-kind';

/** Pricing models as a kind of record: `/pricing`, words under `pricing.`, and the calls that change them. */
export const pricingKind = {
  ns: 'pricing',
  path: '/pricing',
  create: 'Pricing/Create',
  update: 'Pricing/Update',
  remove: 'Pricing/Delete',
} as const satisfies RecordKind;
