import { deletedRow } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId } from '../fields';
import {
  bonusUpdateInput,
  bonusesInput,
  bonusesOfModel,
  clientRuleInput,
  clientRuleKeyInput,
  clientRuleRow,
  driverPayBasis,
  driverPayModelByIdInput,
  driverPayModelDetail,
  driverPayModelInput,
  driverPayModelListInput,
  driverPayModelRef,
  driverPayModelRow,
  driverPayModelUpdateInput,
  jobPayResult,
  mileageBandRow,
  modelListInput,
  partChange,
  payAssignmentListInput,
  payAssignmentResult,
  payAssignmentRow,
  payAssignmentUpdateInput,
  peakPeriodRow,
  peakPeriodsInput,
  peakTimeRow,
  peakTimesInput,
  rulePartFields,
  tryJobInput,
  vehicleOverrideListInput,
  vehicleOverrideRow,
  vehicleOverrideUpdateInput,
  vehicleOverridesInput,
  vehicleTypeMileageListInput,
  vehicleTypeMileageRow,
} from './schemas';

export const driverPaymentDriverPayRule = area(
  'DriverPayment',
  { subject: 'DriverPayRule' },
  {
    Create: mutation({
      verb: 'create',
      input: driverPayModelInput,
      output: driverPayModelDetail,
      summary:
        'Adds a driver payment model: its name and the rules of version 1 (basis and any parts; parts left out are empty). The whole model is checked by the pay engine before it is written.',
    }),
    Update: mutation({
      verb: 'update',
      input: driverPayModelUpdateInput,
      output: driverPayModelDetail,
      summary:
        'Changes a model: name, description, isActive and any part of its rules (a part left out stays). A change of the rules writes a new version; the old versions stay as they were.',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a model; one that drivers are assigned or that is a driver type’s default answers 409 naming who uses it.',
    }),
    GetDrvrPayments: list({
      input: driverPayModelListInput,
      row: driverPayModelRow,
      summary: 'The driver payment models by name; q searches the name, basis and isActive filter.',
    }),
    GetDriverPaymentID: read({
      input: driverPayModelByIdInput,
      output: driverPayModelDetail,
      summary: 'One model with its rules: the version in force, or an older one by version, and every version.',
    }),
    TryJob: read({
      input: tryJobInput,
      output: jobPayResult,
      addedBecause:
        'the pay model page has a "try a job" panel that shows what a driver would be paid for a sample job, and the spec names no call for it',
      summary:
        'What a driver would be paid for a sample job (fare, payment method, pick-up time, distance, duration, vehicle, client) under the model: the amount with its items and every rule considered. Writes nothing.',
    }),
    GetDriverPayment: read({
      input: driverPayModelRef,
      output: driverPayBasis,
      summary:
        'The basis of a model’s version in force and what it pays: commission for cash, card and account jobs, mileage, a fixed amount per job, an hourly rate.',
    }),
    GetDrvrPymntOwnCarMileage: list({
      input: modelListInput,
      row: mileageBandRow,
      summary: 'The mileage bands a model pays a driver in their own car.',
    }),
    GetDrvrPymntCompanyCarMileage: list({
      input: modelListInput,
      row: mileageBandRow,
      summary: 'The mileage bands a model pays a driver in a company car.',
    }),
    GetDrvrPymntVehicleOwnCarMileage: list({
      input: vehicleTypeMileageListInput,
      row: mileageBandRow,
      summary: 'The own-car mileage bands a vehicle type pays under a model: its own, else the model’s.',
    }),
    GetDrvrPymntVehicleCompanyCarMileage: list({
      input: vehicleTypeMileageListInput,
      row: mileageBandRow,
      summary: 'The company-car mileage bands a vehicle type pays under a model: its own, else the model’s.',
    }),
    GetDriverPaymentVehicleType: list({
      input: modelListInput,
      row: vehicleTypeMileageRow,
      summary:
        'Every vehicle type of the company with the mileage it pays under a model (its own or the model’s); q searches the type name.',
    }),
    CreateVehicleOverride: mutation({
      verb: 'update',
      input: vehicleOverridesInput,
      output: partChange(rulePartFields.vehicleOverrides),
      summary:
        'Replaces the model’s vehicle overrides with the list sent (one left out is removed): a new version. Vehicles and vehicle types must be the company’s.',
    }),
    UpdateVehicleOverride: mutation({
      verb: 'update',
      input: vehicleOverrideUpdateInput,
      output: partChange(rulePartFields.vehicleOverrides),
      summary: 'Replaces one vehicle override by its id: a new version.',
    }),
    GetDrvrPaymentVehicleOveride: list({
      input: vehicleOverrideListInput,
      row: vehicleOverrideRow,
      summary: 'The vehicle overrides of a model with the vehicle and type names; appliesTo (all, cash, card) filters.',
    }),
    AddDrvrPaymentClient: mutation({
      verb: 'update',
      input: clientRuleInput,
      output: clientRuleRow,
      summary:
        'Adds a client rule (a commission or a fixed amount for the client’s jobs, all, cash or card) or replaces the one named by ClientDriverPaymentID: a new version.',
    }),
    DeleteDrvrPaymentClient: mutation({
      verb: 'update',
      input: clientRuleKeyInput,
      output: partChange(rulePartFields.clientRules),
      summary: 'Removes one client rule: a new version.',
    }),
    GetDrvrPaymentClient: list({
      input: modelListInput,
      row: clientRuleRow,
      summary: 'The client rules of a model with the client names; q searches the client name.',
    }),
    CreatePeakTime: mutation({
      verb: 'update',
      input: peakTimesInput,
      output: partChange(rulePartFields.peakTimes),
      summary:
        'Replaces the model’s peak times with the list sent (one left out is removed; overlapping windows are refused): a new version.',
    }),
    GetDriverPaymentPeakTimes: list({
      input: modelListInput,
      row: peakTimeRow,
      summary: 'The peak times of a model (week days and a window on the company clock).',
    }),
    CreatePeakPeriod: mutation({
      verb: 'update',
      input: peakPeriodsInput,
      output: partChange(rulePartFields.peakPeriods),
      summary:
        'Replaces the model’s peak periods with the list sent (one left out is removed; overlapping periods are refused): a new version.',
    }),
    GetDriverPaymentPeakPeriod: list({
      input: modelListInput,
      row: peakPeriodRow,
      summary: 'The peak periods of a model (ranges of local date-times).',
    }),
    CreateBonus: mutation({
      verb: 'update',
      input: bonusesInput,
      output: partChange(rulePartFields.bonuses),
      summary:
        'Replaces the model’s bonuses with the list sent, each a master (name, measure) and its bands (one left out is removed): a new version.',
    }),
    GetDriverPaymentBonus: read({
      input: driverPayModelRef,
      output: bonusesOfModel,
      summary: 'The bonuses of a model: bonusMaster (each bonus’s condition) and bonusDetail (the bands of each).',
    }),
  },
);

export const rootDriverPayRule = area(
  '',
  { subject: 'DriverPayRule' },
  {
    UpdateBonus: mutation({
      verb: 'update',
      input: bonusUpdateInput,
      output: partChange(rulePartFields.bonuses),
      summary: 'Replaces one bonus of a model (its master and bands) by its id: a new version.',
    }),
  },
);

export const driverPaymentModelAssignmentDriverPayRule = area(
  'DriverPaymentModelAssignment',
  { subject: 'DriverPayRule' },
  {
    GetTableSummary: list({
      input: payAssignmentListInput,
      row: payAssignmentRow,
      summary:
        'Drivers with the model that pays them: their own assignment, else their driver type’s default; q searches name and callsign, driverTypeID and modelID filter.',
    }),
    Update: mutation({
      verb: 'update',
      input: payAssignmentUpdateInput,
      output: payAssignmentResult,
      summary:
        'Assigns a model to drivers and/or makes it the default of driver types; DriverPaymentID 0 takes the assignment away (drivers go back to their type’s default).',
    }),
  },
);
