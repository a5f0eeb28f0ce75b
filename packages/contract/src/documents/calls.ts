import { z } from 'zod';
import { crud, deletedRow, lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, flag } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';
import { documentTypeFields, documentTypeRow } from '../reference-data/schemas';
import {
  documentFields,
  documentListInput,
  documentOwnerType,
  documentRow,
  documentSummary,
  documentSummaryInput,
  documentTypeLookupRow,
  documentUpdateFields,
} from './schemas';

const activeFilter = { isActive: flag().optional() };

export const commonDocument = area(
  'Common',
  { subject: 'Document' },
  {
    GetDocumentTypeList: {
      ...lookup(documentTypeLookupRow, {
        filters: { ownerType: documentOwnerType.optional() },
        summary: 'Active document types, optionally of one owner type.',
      }),
      methods: ['POST', 'GET'],
    },
    GetDocument: list({
      input: documentListInput,
      row: documentRow,
      summary: 'Documents, paged, filtered by owner, type and expiry state, searchable by reference and owner name.',
    }),
    Create: mutation({
      verb: 'create',
      input: documentFields,
      output: documentRow,
      upload: 'file',
      summary:
        'Adds a document (JSON with a base64 file, or multipart/form-data with a file part; PDF or image up to 10 MB).',
    }),
    UpdateDocument: mutation({
      verb: 'update',
      input: documentUpdateFields,
      output: documentRow,
      upload: 'file',
      summary: 'Changes a document; a new file replaces the stored one, removeFile drops it.',
    }),
    DeleteDocument: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: 'Deletes a document and its file.',
    }),
    GetDocumentDetailByID: read({ input: byId(), output: documentRow, summary: 'One document by id.' }),
    GetDocumentSummaryByOwnerType: read({
      input: documentSummaryInput,
      output: documentSummary,
      summary:
        'Counts per expiry state and per document type for one owner type, and the owners lacking mandatory ones.',
    }),
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
