import { area, planned } from '../define';

export const driverPaymentDriverPayRule = area(
  'DriverPayment',
  { subject: 'DriverPayRule' },
  {
    Create: planned(),
    CreateVehicleOverride: planned(),
    CreatePeakTime: planned(),
    CreatePeakPeriod: planned(),
    CreateBonus: planned(),
    GetDriverPayment: planned(),
    GetDrvrPymntOwnCarMileage: planned(),
    GetDrvrPymntVehicleCompanyCarMileage: planned(),
    GetDrvrPymntVehicleOwnCarMileage: planned(),
    GetDrvrPymntCompanyCarMileage: planned(),
    GetDriverPaymentPeakPeriod: planned(),
    GetDriverPaymentID: planned(),
    GetDriverPaymentPeakTimes: planned(),
    GetDrvrPaymentClient: planned(),
    GetDriverPaymentBonus: planned(),
    GetDrvrPayments: planned(),
    GetDriverPaymentVehicleType: planned(),
    GetDrvrPaymentVehicleOveride: planned(),
    UpdateVehicleOverride: planned(),
    Update: planned(),
    Delete: planned(),
    DeleteDrvrPaymentClient: planned(),
    AddDrvrPaymentClient: planned(),
  },
);

export const rootDriverPayRule = area(
  '',
  { subject: 'DriverPayRule' },
  {
    UpdateBonus: planned(),
  },
);

export const driverPaymentModelAssignmentDriverPayRule = area(
  'DriverPaymentModelAssignment',
  { subject: 'DriverPayRule' },
  {
    GetTableSummary: planned(),
    Update: planned(),
  },
);
