import { handlers } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { pricingModelLookup } from '../reference-data/lookups';
import { assignModel, listAssignments } from './assignments';
import { createModel, deleteModel, listModels, mileageStepsOf, modelDetail, updateModel } from './models';

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
