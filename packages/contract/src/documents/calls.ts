import { z } from 'zod';
import { crud } from '../crud';
import { area, planned } from '../define';
import { flag } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';
import { documentTypeFields, documentTypeRow } from '../reference-data/schemas';

const activeFilter = { isActive: flag().optional() };

export const commonDocument = area(
  'Common',
  { subject: 'Document' },
  {
    GetDocumentTypeList: planned({ methods: ['POST', 'GET'] }),
    GetDocument: planned(),
    Create: planned(),
    UpdateDocument: planned(),
    DeleteDocument: planned(),
    GetDocumentDetailByID: planned(),
    GetDocumentSummaryByOwnerType: planned(),
  },
);

const documentTypes = crud({
  noun: 'Document type',
  fields: documentTypeFields,
  row: documentTypeRow,
  sortable: ['name', 'ownerType', 'isMandatory', 'hasExpiry', 'documentCount'],
  filters: { ...activeFilter, ownerType: z.enum(codesOf('ownerType')).optional() },
  subject: 'Document',
});
export const documentTypeCalls = area(
  'DocumentType',
  { subject: 'Document' },
  {
    GetTableSummary: documentTypes.list,
    Create: documentTypes.create,
    Update: documentTypes.update,
    Delete: documentTypes.remove,
  },
);
