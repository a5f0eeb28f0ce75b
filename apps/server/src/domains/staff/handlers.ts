import { handlers } from '../../platform/http/context';
import { listUsers } from './users-list';

export const staffHandlers = handlers({
  'Users/GetTableSummary': (input, ctx) => listUsers(ctx, input),
});
