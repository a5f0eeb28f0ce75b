import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';

/** Who a document belongs to. */
export const ownerTypes = ['driver', 'vehicle', 'staff', 'passenger', 'client', 'company'] as const;

export const documentTypes = pgTable(
  'document_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    ownerType: text({ enum: ownerTypes }).notNull(),
    isMandatory: boolean().notNull().default(false),
    hasExpiry: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('document_types_company_id_key').on(t.companyId, t.id),
    uniqueIndex('document_types_name_key').on(t.companyId, t.ownerType, sql`lower(${t.name})`),
  ],
);

/** A licence, insurance, MOT…: its type, owner, expiry and stored file. */
export const documents = pgTable(
  'documents',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerType: text({ enum: ownerTypes }).notNull(),
    ownerId: integer().notNull(),
    documentTypeId: integer().notNull(),
    reference: text(),
    issueDate: date(),
    expiryDate: date(),
    fileKey: text(),
    fileName: text(),
    mimeType: text(),
    sizeBytes: integer(),
    notes: text(),
    ...timestamps(),
  },
  (t) => [
    unique('documents_company_id_key').on(t.companyId, t.id),
    index('documents_owner_idx').on(t.companyId, t.ownerType, t.ownerId),
    index('documents_expiry_idx').on(t.companyId, t.expiryDate),
    foreignKey({
      columns: [t.companyId, t.documentTypeId],
      foreignColumns: [documentTypes.companyId, documentTypes.id],
    }),
  ],
);
