import { and, asc, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { inMemory } from '../reference-data/lookups';
import { documentById, listDocuments } from './queries';
import { documentTypes } from './schema';
import { documentSummary } from './summary';
import { createDocument, deleteDocument, updateDocument } from './writes';

export const documentsHandlers = handlers({
  'Common/GetDocumentTypeList': async (input, ctx) => {
    const rows = await ctx.db
      .select({
        id: documentTypes.id,
        name: documentTypes.name,
        ownerType: documentTypes.ownerType,
        isMandatory: documentTypes.isMandatory,
        hasExpiry: documentTypes.hasExpiry,
      })
      .from(documentTypes)
      .where(
        and(
          eq(documentTypes.companyId, ctx.session.companyId),
          eq(documentTypes.isActive, true),
          input.ownerType ? eq(documentTypes.ownerType, input.ownerType) : undefined,
        ),
      )
      .orderBy(asc(documentTypes.ownerType), asc(documentTypes.name), asc(documentTypes.id));
    return inMemory(rows, input);
  },
  'Common/GetDocument': (input, ctx) => listDocuments(ctx, input),
  'Common/GetDocumentDetailByID': async (input, ctx) => {
    const { fileKey: _key, ...row } = await documentById(ctx, input.id);
    return row;
  },
  'Common/GetDocumentSummaryByOwnerType': (input, ctx) => documentSummary(ctx, input.ownerType),
  'Common/Create': (input, ctx) => createDocument(ctx, input),
  'Common/UpdateDocument': (input, ctx) => updateDocument(ctx, input),
  'Common/DeleteDocument': (input, ctx) => deleteDocument(ctx, input),
});
