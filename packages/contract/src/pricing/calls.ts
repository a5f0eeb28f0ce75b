import { deletedRow, lookup } from '../crud';
import { area, list, mutation, planned, read } from '../define';
import { byId } from '../fields';
import {
  clientPricingListInput,
  clientPricingRow,
  clientPricingUpdateInput,
  mileageStepRow,
  mileageStepsListInput,
  mileageStepsOfModel,
  pricingModelByIdInput,
  pricingModelDetail,
  pricingModelInput,
  pricingModelListInput,
  pricingModelLookupRow,
  pricingModelRow,
  pricingModelUpdateInput,
} from './schemas';

export const clientPricingModelAssignmentPricing = area(
  'ClientPricingModelAssignment',
  { subject: 'Pricing' },
  {
    GetTableSummary: list({
      input: clientPricingListInput,
      row: clientPricingRow,
      summary:
        'Which client uses which pricing model (0: none), by client name; pricingModelID filters to one model, q searches the client name.',
    }),
    Update: mutation({
      verb: 'update',
      input: clientPricingUpdateInput,
      output: clientPricingRow,
      summary: "Sets a client's pricing model; pricingModelID 0 resets it to none.",
    }),
  },
);

export const pricingPricing = area(
  'Pricing',
  { subject: 'Pricing' },
  {
    Create: mutation({
      verb: 'create',
      input: pricingModelInput,
      output: pricingModelDetail,
      summary:
        'Adds a pricing model of one kind (standard, zone, vehicle, fixed, hourly) with its rules as version 1; isDefault makes it the company default.',
    }),
    GetTableSummary: list({
      input: pricingModelListInput,
      row: pricingModelRow,
      summary: 'The pricing models, default first then by name; q searches the name.',
    }),
    Update: mutation({
      verb: 'update',
      input: pricingModelUpdateInput,
      output: pricingModelDetail,
      summary:
        'Changes a pricing model (every field is sent): its rules become a new version; the old versions stay as they were for the bookings priced with them.',
    }),
    UpdateVehicle: planned(),
    CreateZone: planned(),
    CreateVehicle: planned(),
    GetPricingModels: lookup(pricingModelLookupRow, {
      summary: 'The active pricing models for a dropdown, default first then by name.',
    }),
    GetVehiclePricingModel: planned(),
    GetPricingModelMileageSteps: list({
      input: mileageStepsListInput,
      row: mileageStepRow,
      summary: "The mileage steps of a model in force (the company default's when pricingModelID is 0 or left out).",
    }),
    GetVehiclePricingModelMileageSteps: planned(),
    GetPricingModelByID: read({
      input: pricingModelByIdInput,
      output: pricingModelDetail,
      summary: 'One pricing model with its rules: the version in force, or an older one by version.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetPricingModelMileageStepsByID: read({
      input: byId(),
      output: mileageStepsOfModel,
      summary: 'A model and the mileage steps of its version in force.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelMileageStepsByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    getZonePricingModelMileageSteps: planned(),
    GetZonePricingModelForEdit: planned(),
    DeleteZone: planned(),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a pricing model; the company default, a model a client uses and a model that priced bookings answer 409 (switch it off instead).',
    }),
  },
);

export const fixedPricingPricing = area(
  'FixedPricing',
  { subject: 'Pricing' },
  {
    SaveExcelImportFile: planned(),
    GetLocationList: planned(),
    Create: planned(),
    Update: planned(),
    GetTableSummary: planned(),
    Delete: planned(),
    GetEditData: planned(),
  },
);
