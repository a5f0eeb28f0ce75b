import { and, asc, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { inMemory } from '../reference-data/lookups';
import { companies } from './schema';

/** The company's own picture (basic settings) and the companies under it. */
export const companyImageHandlers = handlers({
  'Common/GetRefCompanyImage': async (_input, ctx) => {
    const [company] = await ctx.db
      .select({ key: companies.imageKey })
      .from(companies)
      .where(eq(companies.id, ctx.session.companyId));
    if (!company) throw notFound(`Company ${ctx.session.companyId}`);
    return { companyID: ctx.session.companyId, imageUrl: ctx.services.files.url(company.key) };
  },

  'Common/UploadImageRefCompany': async (input, ctx) => {
    const { companyId } = ctx.session;
    const [company] = await ctx.db
      .select({ key: companies.imageKey })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound(`Company ${companyId}`);
    const key = await ctx.services.files.save(companyId, 'company', input.file);
    await ctx.db.update(companies).set({ imageKey: key, updatedAt: new Date() }).where(eq(companies.id, companyId));
    const old = company.key;
    if (old) ctx.afterCommit(() => ctx.services.files.remove(old));
    await recordAudit(ctx, {
      entityType: 'company',
      entityId: companyId,
      action: 'image changed',
      changes: { imageKey: { before: old, after: key } },
    });
    return { data: { companyID: companyId, imageUrl: ctx.services.files.url(key) ?? '' }, message: 'Picture saved.' };
  },

  'Common/GetSubCompanyList': async (input, ctx) => {
    const rows = await ctx.db
      .select({ id: companies.id, name: companies.name, shortName: companies.shortName })
      .from(companies)
      .where(and(eq(companies.parentCompanyId, ctx.session.companyId), eq(companies.isActive, true)))
      .orderBy(asc(companies.name));
    return inMemory(rows, input);
  },
});
