import { z } from 'zod';
import { deletedRow, lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, fileUpload, flag, optionalRef } from '../fields';
import {
  fileAnswer,
  fixedExportInput,
  fixedImportResult,
  fixedPriceChange,
  fixedPriceEditData,
  fixedPriceEditInput,
  fixedPriceInput,
  fixedPriceListInput,
  fixedPriceRow,
  fixedPriceUpdateInput,
  placeChoice,
  placeListInput,
  vehicleModelInput,
  vehicleModelListInput,
  vehicleModelUpdateInput,
  vehicleStepsByIdInput,
  vehicleStepsListInput,
  vehicleStepsOfModel,
  zoneModelForEdit,
  zoneRouteInput,
  zoneRouteKeyInput,
  zoneStepsListInput,
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
    UpdateVehicle: mutation({
      verb: 'update',
      input: vehicleModelUpdateInput,
      output: pricingModelDetail,
      summary:
        'Changes a vehicle model (every field is sent: the standard tariff and the vehicle types’ rates): a new version; another kind of model answers 404.',
    }),
    CreateZone: mutation({
      verb: 'update',
      input: zoneRouteInput,
      output: zoneModelForEdit,
      summary:
        'Adds the route from one zone to another (a price or a tariff, reverseAlsoMatches) to a zone model, or replaces the route between the same zones: a new version. pricingModelID 0 makes a new zone model named name.',
    }),
    CreateVehicle: mutation({
      verb: 'create',
      input: vehicleModelInput,
      output: pricingModelDetail,
      summary:
        'Adds a vehicle model (a standard tariff, and per vehicle type its own tariff or a multiplier) as version 1.',
    }),
    GetPricingModels: lookup(pricingModelLookupRow, {
      summary: 'The active pricing models for a dropdown, default first then by name.',
    }),
    GetVehiclePricingModel: list({
      input: vehicleModelListInput,
      row: pricingModelRow,
      summary: 'The vehicle models, default first then by name; q searches the name.',
    }),
    GetPricingModelMileageSteps: list({
      input: mileageStepsListInput,
      row: mileageStepRow,
      summary: "The mileage steps of a model in force (the company default's when pricingModelID is 0 or left out).",
    }),
    GetVehiclePricingModelMileageSteps: list({
      input: vehicleStepsListInput,
      row: mileageStepRow,
      summary:
        'The mileage steps one vehicle type pays in a vehicle model (its own tariff, else the standard tariff); vehicleTypeID 0 or left out: the standard tariff.',
    }),
    GetPricingModelByID: read({
      input: pricingModelByIdInput,
      output: pricingModelDetail,
      summary: 'One pricing model with its rules: the version in force, or an older one by version.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelByID: read({
      input: pricingModelByIdInput,
      output: pricingModelDetail,
      summary: 'One vehicle model with its rules (the version in force, or an older one); another kind answers 404.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetPricingModelMileageStepsByID: read({
      input: byId(),
      output: mileageStepsOfModel,
      summary: 'A model and the mileage steps of its version in force.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelMileageStepsByID: read({
      input: vehicleStepsByIdInput,
      output: vehicleStepsOfModel,
      summary:
        'A vehicle model and the mileage steps a vehicle type pays in it, saying whether they are its own, the standard ones or the standard ones times a multiplier.',
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    getZonePricingModelMileageSteps: list({
      input: zoneStepsListInput,
      row: mileageStepRow,
      summary:
        'The mileage steps of the tariff of one route of a zone model (none when the route has a fixed price); a route that is not there answers 404.',
    }),
    GetZonePricingModelForEdit: read({
      input: pricingModelByIdInput,
      output: zoneModelForEdit,
      summary:
        'A zone model for its editor: the routes with their zone names, the peaks and every zone of the company; another kind answers 404.',
    }),
    DeleteZone: mutation({
      verb: 'update',
      input: zoneRouteKeyInput,
      output: zoneModelForEdit,
      summary:
        'Removes the route from one zone to another from a zone model: a new version. The last route answers 409 (delete the model instead).',
    }),
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
    SaveExcelImportFile: mutation({
      verb: 'create',
      input: z.object({
        file: fileUpload({
          maxBytes: 2 * 1024 * 1024,
          mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'],
        }),
        pricingModelID: optionalRef().describe("0 or left out: the company's fixed-price table"),
        commit: flag().optional().default(false).describe('false (default): a preview that writes nothing'),
      }),
      output: fixedImportResult,
      upload: 'file',
      summary:
        'Reads an XLSX sheet of fixed prices (From, To, Vehicle type, Price, Reverse also matches; up to 5,000 rows) and answers every row’s outcome: new, changed, unchanged or error with the reason. commit true writes every row in one go as a new version, and refuses the whole file (400) when a row has an error.',
    }),
    GetLocationList: list({
      input: placeListInput,
      row: placeChoice,
      summary:
        'The places a fixed price can name: known locations, postcode districts in use and zones, each with its key (location:12, postcode:SW1A, zone:3) and a label; q searches the label.',
    }),
    Create: mutation({
      verb: 'create',
      input: fixedPriceInput,
      output: fixedPriceChange,
      summary:
        "Adds a fixed price (from, to, vehicle type or every type, price, reverseAlsoMatches) to a fixed model, the company's fixed-price table when none is named (made on first use): a new version. The same from, to and vehicle type twice answers 409.",
    }),
    Update: mutation({
      verb: 'update',
      input: fixedPriceUpdateInput,
      output: fixedPriceChange,
      summary: 'Changes a fixed price (every field is sent): a new version of its model.',
    }),
    GetTableSummary: list({
      input: fixedPriceListInput,
      row: fixedPriceRow,
      summary:
        "The fixed prices of a model (the company's fixed-price table when none is named), by from and to; q searches the place names, vehicleTypeID filters.",
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary: 'Deletes a fixed price: a new version of its model without it.',
    }),
    GetEditData: read({
      input: fixedPriceEditInput,
      output: fixedPriceEditData,
      summary: 'One fixed price (id 0: a new one) with the places and vehicle types its fields can take.',
    }),
    Export: read({
      input: fixedExportInput,
      output: fileAnswer,
      summary: 'The fixed prices of a model as an XLSX file in the layout SaveExcelImportFile reads (base64).',
      addedBecause:
        'the work asks for an export of the fixed prices in the layout of their import, and the spec names no such call',
    }),
  },
);
