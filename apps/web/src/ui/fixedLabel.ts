import { type BuiltName, type FixedListName, labelOf } from '@cabdesk/contract';
import i18n from '../i18n';

/**
 * The words of a fixed-list code (an invoice period, a vehicle class) in the reader's language: the
 * contract holds the English; other languages translate under `fixed.<list>.<code>`.
 */
export function fixedLabel(list: FixedListName, code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return i18n.t(`fixed.${list}.${code}`, { defaultValue: labelOf(list, String(code)) });
}

/** The fixed list each look-up call answers, so dropdowns can show its codes translated. */
export const fixedListOfCall: Partial<Record<BuiltName, FixedListName>> = {
  'Common/GetPriorityList': 'priority',
  'Common/GetInvoicePeriodList': 'invoicePeriod',
  'Common/GetInvoiceSplitList': 'invoiceSplit',
  'Common/GetInvoiceGroupList': 'invoiceGroup',
  'Common/GetPaymentMethodList': 'paymentMethod',
  'Common/GetPaymentTypeList': 'paymentType',
  'Common/GetCurrencyList': 'currency',
  'Common/GetPricingModeList': 'pricingMode',
  'Common/GetGraceWaitingList': 'graceWaiting',
  'Common/GetDurationList': 'duration',
  'Common/GetInvoiceStatusTypeList': 'invoiceStatus',
  'Common/GePreferFromList': 'preferFrom',
  'Common/GetMileageStepsModeList': 'mileageStepsMode',
  'Common/GetCOAPricingTypeList': 'coaPricingType',
  'Common/GetDeadMileageModeList': 'deadMileageMode',
  'Common/GetDependsUponList': 'dependsUpon',
  'Common/GetBreakDownPeriodList': 'breakDownPeriod',
  'Common/GetLocationTypeList': 'locationType',
  'Common/GetOwnerTypeList': 'ownerType',
  'Common/GetTagTypeList': 'tagType',
  'Common/GetUserTypeList': 'userType',
  'Vehicle/GetVehicleClassList': 'vehicleClass',
  'Driver/GetDriverStatusList': 'driverStatus',
  'Client/GetClientSMSList': 'clientMessage',
  'Client/GetClientEmailList': 'clientMessage',
  'Client/GetClientPhoneCallList': 'clientPhoneCall',
};
