import { handlers } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { pricingModelLookup } from '../reference-data/lookups';
import { assignModel, listAssignments } from './assignments';
import {
  createFixedPrice,
  deleteFixedPrice,
  fixedEditData,
  listFixedPrices,
  listPlaces,
  updateFixedPrice,
} from './fixed-prices';
import { exportFixedPrices, importFixedPrices } from './fixed-import';
import { createModel, deleteModel, listModels, mileageStepsOf, modelDetail, updateModel } from './models';
import {
  createVehicleModel,
  deleteZoneRoute,
  listVehicleModels,
  listVehicleSteps,
  listZoneSteps,
  putZoneRoute,
  updateVehicleModel,
  vehicleModelDetail,
  vehicleSteps,
  zoneModelForEdit,
} from './vehicle-zone';

export const pricingHandlers = handlers({
  'Pricing/Create': async (input, ctx) => {
    const data = await createModel(ctx, input);
    return { data, message: `Pricing model ${data.name} made (version 1).` };
  },
  'Pricing/Update': async (input, ctx) => {
    const data = await updateModel(ctx, input);
    return { data, message: `Pricing model ${data.name} saved as version ${data.version}.` };
  },
  'Pricing/Delete': async (input, ctx) => ({
    data: await deleteModel(ctx, input.id),
    message: `Pricing model ${input.id} deleted.`,
  }),
  'Pricing/GetTableSummary': (input, ctx) => listModels(ctx, input),
  'Pricing/GetPricingModels': (input, ctx) => pricingModelLookup(ctx, input),
  'Pricing/GetPricingModelByID': (input, ctx) => modelDetail(ctx, input.id, input.version),
  'Pricing/GetPricingModelMileageSteps': async (input, ctx) => {
    const rows = (await mileageStepsOf(ctx, input.pricingModelID)).mileageSteps;
    return listPage(input, {
      count: async () => rows.length,
      rows: async (limit, offset) => rows.slice(offset, offset + limit),
    });
  },
  'Pricing/GetPricingModelMileageStepsByID': (input, ctx) => mileageStepsOf(ctx, input.id),
  'Pricing/CreateVehicle': async (input, ctx) => {
    const data = await createVehicleModel(ctx, input);
    return { data, message: `Vehicle pricing model ${data.name} made (version 1).` };
  },
  'Pricing/UpdateVehicle': async (input, ctx) => {
    const data = await updateVehicleModel(ctx, input);
    return { data, message: `Vehicle pricing model ${data.name} saved as version ${data.version}.` };
  },
  'Pricing/GetVehiclePricingModel': (input, ctx) => listVehicleModels(ctx, input),
  'Pricing/GetVehiclePricingModelByID': (input, ctx) => vehicleModelDetail(ctx, input.id, input.version),
  'Pricing/GetVehiclePricingModelMileageSteps': (input, ctx) => listVehicleSteps(ctx, input),
  'Pricing/GetVehiclePricingModelMileageStepsByID': (input, ctx) => vehicleSteps(ctx, input.id, input.vehicleTypeID),
  'Pricing/CreateZone': async (input, ctx) => {
    const data = await putZoneRoute(ctx, input);
    return { data, message: `The route is saved in ${data.name} (version ${data.version}).` };
  },
  'Pricing/DeleteZone': async (input, ctx) => {
    const data = await deleteZoneRoute(ctx, input);
    return { data, message: `The route is removed from ${data.name} (version ${data.version}).` };
  },
  'Pricing/GetZonePricingModelForEdit': (input, ctx) => zoneModelForEdit(ctx, input.id, input.version),
  'Pricing/getZonePricingModelMileageSteps': (input, ctx) => listZoneSteps(ctx, input),
  'FixedPricing/GetTableSummary': (input, ctx) => listFixedPrices(ctx, input),
  'FixedPricing/GetLocationList': (input, ctx) => listPlaces(ctx, input),
  'FixedPricing/GetEditData': (input, ctx) => fixedEditData(ctx, input),
  'FixedPricing/Create': async (input, ctx) => {
    const data = await createFixedPrice(ctx, input);
    return { data, message: `Fixed price from ${data.fromName} to ${data.toName} added (version ${data.version}).` };
  },
  'FixedPricing/Update': async (input, ctx) => {
    const data = await updateFixedPrice(ctx, input);
    return { data, message: `Fixed price from ${data.fromName} to ${data.toName} saved (version ${data.version}).` };
  },
  'FixedPricing/Delete': async (input, ctx) => {
    const { id, version } = await deleteFixedPrice(ctx, input.id);
    return { data: { id }, message: `Fixed price ${id} deleted (version ${version}).` };
  },
  'FixedPricing/SaveExcelImportFile': async (input, ctx) => {
    const data = await importFixedPrices(ctx, input);
    const { counts } = data;
    const written = counts.new + counts.changed;
    return {
      data,
      message: data.committed
        ? `${written} fixed price${written === 1 ? '' : 's'} imported (${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged).`
        : `Preview: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.error} with errors. Nothing was written.`,
    };
  },
  'FixedPricing/Export': (input, ctx) => exportFixedPrices(ctx, input),
  'ClientPricingModelAssignment/GetTableSummary': (input, ctx) => listAssignments(ctx, input),
  'ClientPricingModelAssignment/Update': async (input, ctx) => {
    const data = await assignModel(ctx, input);
    return {
      data,
      message: data.pricingModelID
        ? `${data.clientName} is priced by ${data.pricingModelName}.`
        : `${data.clientName} has no pricing model of its own now.`,
    };
  },
});
