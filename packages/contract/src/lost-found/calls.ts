import { area, planned } from '../define';

export const lostandFoundLostAndFound = area(
  'LostandFound',
  { subject: 'LostAndFound' },
  {
    GetTableSummary: planned(),
    GetBookingsIDForLostItems: planned(),
    GetLostItemCategoryList: planned(),
    Create: planned(),
  },
);
