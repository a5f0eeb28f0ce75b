import { and, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { listUsers } from './users-list';

export const staffHandlers = handlers({
  'Users/GetTableSummary': (input, ctx) => listUsers(ctx, input),

  'User/DeleteUser': async (input, ctx) => {
    if (input.id === ctx.session.userId) throw conflict('You cannot delete the account you are signed in with.');
    const [deleted] = await ctx.db
      .delete(users)
      .where(and(eq(users.id, input.id), eq(users.companyId, ctx.session.companyId)))
      .returning({ id: users.id, email: users.email, kind: users.kind });
    if (!deleted) throw notFound(`User ${input.id}`);
    await recordAudit(ctx, {
      entityType: 'user',
      entityId: deleted.id,
      action: 'deleted',
      changes: { email: { before: deleted.email, after: null }, kind: { before: deleted.kind, after: null } },
    });
    return { data: { id: deleted.id }, message: 'The account is deleted.' };
  },
});
