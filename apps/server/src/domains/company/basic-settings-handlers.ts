import { handlers } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { listUsers } from '../staff/users-list';
import { readBasicSettings, saveBasicSettings } from './basic-settings';

const OFFICE_KINDS = ['admin', 'staff'] as const;

export const basicSettingsHandlers = handlers({
  'BasicSettings/GetTableSummary': async (input, ctx) => {
    const settings = await readBasicSettings(ctx);
    return listPage(input, { count: async () => 1, rows: async (_limit, offset) => (offset ? [] : [settings]) });
  },

  // Settings exist with the company: Create is the same save as Update, with the whole form.
  'BasicSettings/Create': async (input, ctx) => ({
    data: await saveBasicSettings(ctx, input),
    message: 'The company settings are saved.',
  }),

  'BasicSettings/Update': async (input, ctx) => ({
    data: await saveBasicSettings(ctx, input),
    message: 'The company settings are saved.',
  }),

  'BasicSettings/GetUsers': (input, ctx) => listUsers(ctx, { ...input, userType: undefined }, OFFICE_KINDS),
});
