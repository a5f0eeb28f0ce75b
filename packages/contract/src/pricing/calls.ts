import { area, planned } from '../define';

export const clientPricingModelAssignmentPricing = area(
  'ClientPricingModelAssignment',
  { subject: 'Pricing' },
  {
    GetTableSummary: planned(),
    Update: planned(),
  },
);

export const pricingPricing = area(
  'Pricing',
  { subject: 'Pricing' },
  {
    Create: planned(),
    GetTableSummary: planned(),
    Update: planned(),
    UpdateVehicle: planned(),
    CreateZone: planned(),
    CreateVehicle: planned(),
    GetPricingModels: planned(),
    GetVehiclePricingModel: planned(),
    GetPricingModelMileageSteps: planned(),
    GetVehiclePricingModelMileageSteps: planned(),
    GetPricingModelByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetPricingModelMileageStepsByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    GetVehiclePricingModelMileageStepsByID: planned({
      addedBecause: 'the spec names "the by-id variants" of the pricing model reads without names',
    }),
    getZonePricingModelMileageSteps: planned(),
    GetZonePricingModelForEdit: planned(),
    DeleteZone: planned(),
    Delete: planned(),
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
