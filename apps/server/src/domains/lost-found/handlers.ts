import { schemas } from '@cabdesk/contract';
import { handlers } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { bookingChoices, createLostItem, listLostItems } from './service';

const categories = schemas.lostItemCategories.map(([code, name], i) => ({ id: i + 1, code, name }));

export const lostFoundHandlers = handlers({
  'LostandFound/GetTableSummary': (input, ctx) => listLostItems(ctx, input),
  'LostandFound/GetBookingsIDForLostItems': (input, ctx) => bookingChoices(ctx, input),
  'LostandFound/GetLostItemCategoryList': async (input) => {
    const q = input.q.trim().toLowerCase();
    const rows = categories.filter((c) => !q || c.name.toLowerCase().includes(q));
    return listPage(input, {
      count: async () => rows.length,
      rows: async (limit, offset) => rows.slice(offset, offset + limit),
    });
  },
  'LostandFound/Create': async (input, ctx) => ({
    data: await createLostItem(ctx, input),
    message: 'Item recorded.',
  }),
});
