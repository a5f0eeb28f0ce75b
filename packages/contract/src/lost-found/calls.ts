import { codeRow, lookup } from '../crud';
import { area, list, mutation } from '../define';
import {
  lostItemBookingInput,
  lostItemBookingRow,
  lostItemCreateInput,
  lostItemListInput,
  lostItemRow,
} from './schemas';

export const lostandFoundLostAndFound = area(
  'LostandFound',
  { subject: 'LostAndFound' },
  {
    GetTableSummary: list({
      input: lostItemListInput,
      row: lostItemRow,
      summary:
        'Items left in vehicles, newest find first; fromDate/toDate (company days), bookingId, category and status filter, q searches the description and the booking number.',
    }),
    GetBookingsIDForLostItems: list({
      input: lostItemBookingInput,
      row: lostItemBookingRow,
      summary:
        'Bookings to record an item against, latest pick-up first (unpaged: at most 50); q searches the number, addresses and names.',
    }),
    GetLostItemCategoryList: lookup(codeRow, { summary: 'The kinds of lost item.' }),
    Create: mutation({
      verb: 'create',
      input: lostItemCreateInput,
      output: lostItemRow,
      summary: 'Records an item found after a booking; it is held at the office.',
    }),
  },
);
