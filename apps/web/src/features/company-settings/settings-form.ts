import type { CallInput, CallOutput } from '@cabdesk/contract';
import type { UploadedFile } from '../../ui/ImageUpload';

type Settings = CallOutput<'BasicSettings/GetTableSummary'>;

/** The form holds text as typed; the server parses and names what is wrong. */
export interface SettingsValues {
  companyName: string;
  address: string;
  postcode: string;
  baseLatitude: string;
  baseLongitude: string;
  timeZone: string;
  currency: string;
  isCompanyVatRegistered: boolean;
  vatRegistrationNumber: string;
  vatPercentage: string;
  dateFormat: Settings['dateFormat'];
}

export function valuesOf(settings: Settings): SettingsValues {
  return {
    companyName: settings.companyName,
    address: settings.address,
    postcode: settings.postcode,
    baseLatitude: settings.baseLatitude === null ? '' : String(settings.baseLatitude),
    baseLongitude: settings.baseLongitude === null ? '' : String(settings.baseLongitude),
    timeZone: settings.timeZone,
    currency: settings.currency,
    isCompanyVatRegistered: settings.isCompanyVatRegistered,
    vatRegistrationNumber: settings.vatRegistrationNumber,
    vatPercentage: settings.vatPercentage,
    dateFormat: settings.dateFormat,
  };
}

/** Empty coordinates clear the base; both are sent together, as the call wants. */
export function updateOf(values: SettingsValues, image: UploadedFile | null): CallInput<'BasicSettings/Update'> {
  const lat = values.baseLatitude.trim();
  const lng = values.baseLongitude.trim();
  const noBase = lat === '' && lng === '';
  return {
    companyName: values.companyName,
    address: values.address,
    postcode: values.postcode,
    baseLatitude: noBase ? null : lat,
    baseLongitude: noBase ? null : lng,
    timeZone: values.timeZone,
    currency: values.currency,
    isCompanyVatRegistered: values.isCompanyVatRegistered,
    vatRegistrationNumber: values.vatRegistrationNumber,
    vatPercentage: values.vatPercentage,
    dateFormat: values.dateFormat,
    ...(image ? { companyImage: image } : {}),
  };
}

/** The zones the browser knows, for suggestions; the server has the last word. */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? ['UTC', ...supported('timeZone')] : ['UTC', 'Europe/London'];
}
