import { z } from 'zod';
import { crud, lookup } from '../crud';
import { area, mutation, read } from '../define';
import { flag, id, imageUpload, wholeNumber } from '../fields';
import { codesOf } from './fixed-lists';
import {
  bookingExpenseTypeFields,
  bookingExpenseTypeRow,
  clientReferenceFields,
  clientReferenceRow,
  clientTypeFields,
  clientTypeRow,
  discountCodeFields,
  discountCodeRow,
  driverTypeFields,
  driverTypeRow,
  exclusionFields,
  exclusionRow,
  knownLocationFields,
  knownLocationRow,
  tagFields,
  tagRow,
  vehicleTypeFields,
  vehicleTypeRow,
  zoneFields,
  zoneRow,
} from './schemas';

const activeFilter = { isActive: flag().optional() };

const driverTypes = crud({
  noun: 'Driver type',
  fields: driverTypeFields,
  row: driverTypeRow,
  sortable: ['name', 'isActive', 'driverCount'],
  filters: activeFilter,
});
export const driverTypeCalls = area(
  'DriverType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: driverTypes.list,
    Create: driverTypes.create,
    Update: driverTypes.update,
    Delete: driverTypes.remove,
  },
);

const clientTypes = crud({
  noun: 'Client type',
  fields: clientTypeFields,
  row: clientTypeRow,
  sortable: ['name', 'isActive', 'clientCount'],
  filters: activeFilter,
});
export const clientTypeCalls = area(
  'ClientType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: clientTypes.list,
    Create: clientTypes.create,
    Update: clientTypes.update,
    Delete: clientTypes.remove,
  },
);

const clientReferences = crud({
  noun: 'Client reference',
  fields: clientReferenceFields,
  row: clientReferenceRow,
  sortable: ['label', 'clientName', 'referenceTypeName', 'isMandatory'],
  filters: { ...activeFilter, clientId: wholeNumber({ min: 1 }).optional() },
});
export const clientReferenceCalls = area(
  'ClientReference',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: clientReferences.list,
    Create: clientReferences.create,
    Update: clientReferences.update,
    Delete: clientReferences.remove,
  },
);

const knownLocations = crud({
  noun: 'Known location',
  fields: knownLocationFields,
  row: knownLocationRow,
  sortable: ['name', 'locationType', 'postcode', 'isActive'],
  filters: { ...activeFilter, locationType: z.enum(codesOf('locationType')).optional() },
});
export const knownLocationCalls = area(
  'KnownLocation',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: knownLocations.list,
    Create: knownLocations.create,
    Update: knownLocations.update,
    Delete: knownLocations.remove,
  },
);

const tags = crud({
  noun: 'Tag',
  fields: tagFields,
  row: tagRow,
  sortable: ['name', 'tagType', 'usageCount', 'isActive'],
  filters: { ...activeFilter, tagType: z.enum(codesOf('tagType')).optional() },
});
export const tagCalls = area(
  'Tag',
  { subject: 'ReferenceData' },
  {
    getGetTagDetail: tags.get,
    GetTableSummary: tags.list,
    Create: tags.create,
    Update: tags.update,
    Delete: tags.remove,
  },
);

const exclusions = crud({
  noun: 'Exclusion date',
  fields: exclusionFields,
  row: exclusionRow,
  sortable: ['name', 'startDate', 'endDate', 'isActive'],
  filters: activeFilter,
});
export const exclusionCalls = area(
  'Exclusion',
  { subject: 'ReferenceData' },
  {
    GetExclusionList: lookup(exclusionRow, {
      summary: 'Active exclusion dates that have not ended, for the repeat-booking form.',
      subject: 'Lookup',
    }),
    GetTableSummary: exclusions.list,
    Create: exclusions.create,
    Update: exclusions.update,
    Delete: exclusions.remove,
  },
);

const vehicleTypes = crud({
  noun: 'Vehicle type',
  fields: vehicleTypeFields,
  row: vehicleTypeRow,
  sortable: ['name', 'sortOrder', 'maxPassengers', 'maxLuggage', 'vehicleCount', 'isActive'],
  filters: activeFilter,
});
export const vehicleTypeCalls = area(
  'VehicleType',
  { subject: 'ReferenceData' },
  {
    GetTableSummary: vehicleTypes.list,
    Create: vehicleTypes.create,
    Update: vehicleTypes.update,
    Delete: vehicleTypes.remove,
    UploadFile: mutation({
      verb: 'update',
      input: z.object({ id: id(), file: imageUpload() }),
      output: z.object({ id: z.number(), imageUrl: z.string() }),
      upload: 'file',
      summary: "Uploads the vehicle type's picture (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
  },
);

const zones = crud({
  noun: 'Zone',
  fields: zoneFields,
  row: zoneRow,
  sortable: ['name', 'priority', 'isActive'],
  filters: activeFilter,
});
export const zoneCalls = area(
  'Zone',
  { subject: 'ReferenceData' },
  {
    GetTableSummaryZones: zones.list,
    GetZone: zones.get,
    Create: zones.create,
    Update: zones.update,
    Delete: zones.remove,
  },
);

const expenseTypes = crud({
  noun: 'Booking expense type',
  fields: bookingExpenseTypeFields,
  row: bookingExpenseTypeRow,
  sortable: ['name', 'taxName', 'defaultAmountMinor', 'isActive'],
  filters: activeFilter,
});
export const bookingExpenseTypeCalls = area(
  'BookingExpenseType',
  { subject: 'ReferenceData' },
  {
    GetExpenseTypeList: lookup(bookingExpenseTypeRow, { summary: 'Active expense types.', subject: 'Lookup' }),
    GetExpenseTypeTax: read({
      input: z.object({ id: id() }),
      output: z.object({
        id: z.number(),
        taxId: z.number().nullable(),
        taxName: z.string().nullable(),
        rateBp: z.number(),
      }),
      subject: 'Lookup',
      summary: 'The tax of an expense type (rate 0 when it has none).',
    }),
    Create: expenseTypes.create,
    Update: expenseTypes.update,
    GetExpenseTypeDetailByID: expenseTypes.get,
    Delete: expenseTypes.remove,
    GetTableSummary: expenseTypes.list,
  },
);

const discountCodes = crud({
  noun: 'Discount code',
  fields: discountCodeFields,
  row: discountCodeRow,
  sortable: ['code', 'validFrom', 'validTo', 'usedCount', 'isActive'],
  filters: activeFilter,
});
export const discountCodeCalls = area(
  'Common',
  { subject: 'ReferenceData' },
  {
    GetDiscountCodes: discountCodes.list,
    AddDiscountCodes: discountCodes.create,
    UpdateDiscountCodes: discountCodes.update,
    DeleteDiscountCodes: discountCodes.remove,
  },
);

export const vendorCalls = area(
  'Vendor',
  { subject: 'Lookup' },
  {
    GetVendorList: {
      ...lookup(
        z.object({
          id: z.number(),
          name: z.string(),
          contactName: z.string().nullable(),
          phone: z.string().nullable(),
        }),
        { summary: 'Active subcontractors.' },
      ),
      methods: ['GET'],
    },
  },
);

export * from './lookups';
