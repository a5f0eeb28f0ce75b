import { area, planned } from '../define';

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

export const documentTypeDocument = area(
  'DocumentType',
  { subject: 'Document' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    Delete: planned(),
  },
);
