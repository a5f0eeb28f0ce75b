import { handlers } from '../../platform/http/context';
import { assignPayModel, listPayAssignments } from './assignments';
import { createPayModel, deletePayModel, listPayModels, payModelDetail, updatePayModel } from './models';
import {
  basisOf,
  bonusesOf,
  clientRulesOf,
  mileageBands,
  pageOf,
  putClientRule,
  removeClientRule,
  replaceBonus,
  replaceVehicleOverride,
  rulesOf,
  vehicleOverridesOf,
  vehicleTypeBands,
  vehicleTypesOf,
} from './parts';
import { changePart } from './rules';
import { tryJob } from './try-job';

const saved = (what: string, r: { version: number }) => `${what} saved (version ${r.version}).`;

export const payRulesHandlers = handlers({
  'DriverPayment/Create': async (input, ctx) => {
    const data = await createPayModel(ctx, input);
    return { data, message: `Driver payment model ${data.name} made (version 1).` };
  },
  'DriverPayment/Update': async (input, ctx) => {
    const data = await updatePayModel(ctx, input);
    return { data, message: `Driver payment model ${data.name} saved (version ${data.version ?? 'none'}).` };
  },
  'DriverPayment/Delete': async (input, ctx) => ({
    data: await deletePayModel(ctx, input.id),
    message: `Driver payment model ${input.id} deleted.`,
  }),
  'DriverPayment/GetDrvrPayments': (input, ctx) => listPayModels(ctx, input),
  'DriverPayment/GetDriverPaymentID': (input, ctx) => payModelDetail(ctx, input.DriverPaymentID, input.version),
  'DriverPayment/GetDriverPayment': (input, ctx) => basisOf(ctx, input.DriverPaymentID),
  'DriverPayment/TryJob': (input, ctx) => tryJob(ctx, input),
  'DriverPayment/GetDrvrPymntOwnCarMileage': (input, ctx) => mileageBands(ctx, input, 'ownCar'),
  'DriverPayment/GetDrvrPymntCompanyCarMileage': (input, ctx) => mileageBands(ctx, input, 'companyCar'),
  'DriverPayment/GetDrvrPymntVehicleOwnCarMileage': (input, ctx) => vehicleTypeBands(ctx, input, 'ownCar'),
  'DriverPayment/GetDrvrPymntVehicleCompanyCarMileage': (input, ctx) => vehicleTypeBands(ctx, input, 'companyCar'),
  'DriverPayment/GetDriverPaymentVehicleType': (input, ctx) => vehicleTypesOf(ctx, input),
  'DriverPayment/CreateVehicleOverride': async (input, ctx) => {
    const data = await changePart(ctx, input.DriverPaymentID, 'vehicleOverrides', () => input.vehicleOverrides);
    return { data, message: saved('Vehicle overrides', data) };
  },
  'DriverPayment/UpdateVehicleOverride': async (input, ctx) => {
    const data = await replaceVehicleOverride(ctx, input);
    return { data, message: saved(`Vehicle override ${input.id}`, data) };
  },
  'DriverPayment/GetDrvrPaymentVehicleOveride': (input, ctx) => vehicleOverridesOf(ctx, input),
  'DriverPayment/AddDrvrPaymentClient': async (input, ctx) => {
    const data = await putClientRule(ctx, input);
    return { data, message: `The rule for ${data.clientName ?? `client ${data.ClientId}`} is saved.` };
  },
  'DriverPayment/DeleteDrvrPaymentClient': async (input, ctx) => {
    const data = await removeClientRule(ctx, input);
    return { data, message: `Client rule ${input.ClientDriverPaymentID} removed (version ${data.version}).` };
  },
  'DriverPayment/GetDrvrPaymentClient': (input, ctx) => clientRulesOf(ctx, input),
  'DriverPayment/CreatePeakTime': async (input, ctx) => {
    const data = await changePart(ctx, input.DriverPaymentID, 'peakTimes', () => input.peakTimes);
    return { data, message: saved('Peak times', data) };
  },
  'DriverPayment/GetDriverPaymentPeakTimes': async (input, ctx) =>
    pageOf(input, (await rulesOf(ctx, input.DriverPaymentID)).rules?.peakTimes ?? []),
  'DriverPayment/CreatePeakPeriod': async (input, ctx) => {
    const data = await changePart(ctx, input.DriverPaymentID, 'peakPeriods', () => input.peakPeriods);
    return { data, message: saved('Peak periods', data) };
  },
  'DriverPayment/GetDriverPaymentPeakPeriod': async (input, ctx) =>
    pageOf(input, (await rulesOf(ctx, input.DriverPaymentID)).rules?.peakPeriods ?? []),
  'DriverPayment/CreateBonus': async (input, ctx) => {
    const data = await changePart(ctx, input.DriverPaymentID, 'bonuses', () => input.bonuses);
    return { data, message: saved('Bonuses', data) };
  },
  UpdateBonus: async (input, ctx) => {
    const data = await replaceBonus(ctx, input);
    return { data, message: saved(`Bonus ${input.name}`, data) };
  },
  'DriverPayment/GetDriverPaymentBonus': (input, ctx) => bonusesOf(ctx, input.DriverPaymentID),
  'DriverPaymentModelAssignment/GetTableSummary': (input, ctx) => listPayAssignments(ctx, input),
  'DriverPaymentModelAssignment/Update': async (input, ctx) => {
    const data = await assignPayModel(ctx, input);
    const who = [
      data.drivers ? `${data.drivers} driver${data.drivers === 1 ? '' : 's'}` : '',
      data.driverTypes ? `${data.driverTypes} driver type${data.driverTypes === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return {
      data,
      message: who
        ? data.modelName
          ? `${data.modelName} now pays ${who}.`
          : `${who} now go${data.drivers + data.driverTypes === 1 ? 'es' : ''} without a model of their own.`
        : 'Nothing to change: they already had that model.',
    };
  },
});
