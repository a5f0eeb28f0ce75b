/**
 * Lists that are the same for every company. The API takes the code; lookups answer
 * `{id, code, name}` with `id` numbering the list from 1.
 */
const list = <const T extends readonly (readonly [string, string])[]>(entries: T) =>
  entries.map(([code, name]) => ({ code, name })) as { code: T[number][0]; name: string }[];

export const fixedLists = {
  priority: list([
    ['1', 'Low'],
    ['2', 'Normal'],
    ['3', 'High'],
    ['4', 'VIP'],
  ]),
  invoicePeriod: list([
    ['per_booking', 'Each booking'],
    ['weekly', 'Weekly'],
    ['fortnightly', 'Fortnightly'],
    ['monthly', 'Monthly'],
  ]),
  invoiceSplit: list([
    ['single', 'One invoice'],
    ['per_passenger', 'One per passenger'],
    ['per_reference', 'One per reference'],
    ['per_booking', 'One per booking'],
  ]),
  invoiceGroup: list([
    ['own', 'Invoice this account'],
    ['parent', 'Invoice through the parent account'],
  ]),
  paymentMethod: list([
    ['account', 'Account'],
    ['card', 'Card'],
    ['cash', 'Cash'],
  ]),
  paymentType: list([
    ['cash', 'Cash'],
    ['card', 'Card'],
    ['bank_transfer', 'Bank transfer'],
    ['cheque', 'Cheque'],
    ['account', 'Account'],
  ]),
  currency: list([
    ['GBP', 'Pound sterling'],
    ['EUR', 'Euro'],
    ['USD', 'US dollar'],
    ['CHF', 'Swiss franc'],
    ['AED', 'UAE dirham'],
  ]),
  pricingMode: list([
    ['mileage', 'By distance'],
    ['zone', 'By zone'],
    ['vehicle', 'By vehicle type'],
    ['fixed', 'Fixed prices'],
  ]),
  graceWaiting: list([
    ['0', 'None'],
    ['5', '5 minutes'],
    ['10', '10 minutes'],
    ['15', '15 minutes'],
    ['20', '20 minutes'],
    ['30', '30 minutes'],
    ['45', '45 minutes'],
    ['60', '1 hour'],
  ]),
  duration: list([
    ['60', '1 hour'],
    ['120', '2 hours'],
    ['180', '3 hours'],
    ['240', '4 hours'],
    ['300', '5 hours'],
    ['360', '6 hours'],
    ['480', '8 hours'],
    ['600', '10 hours'],
    ['720', '12 hours'],
  ]),
  invoiceStatus: list([
    ['draft', 'Draft'],
    ['approved', 'Approved'],
    ['sent', 'Sent'],
    ['part_paid', 'Part paid'],
    ['paid', 'Paid'],
    ['cancelled', 'Cancelled'],
  ]),
  preferFrom: list([
    ['email', 'E-mail'],
    ['sms', 'Text message'],
    ['phone', 'Phone call'],
    ['app', 'App notification'],
  ]),
  mileageStepsMode: list([
    ['band', 'Rate of the band the whole journey falls in'],
    ['cumulative', 'Each band at its own rate'],
  ]),
  coaPricingType: list([
    ['none', 'No charge'],
    ['fixed', 'Fixed charge'],
    ['mileage', 'By extra distance'],
  ]),
  deadMileageMode: list([
    ['none', 'None'],
    ['from_base', 'From base to pick-up'],
    ['to_base', 'From drop-off to base'],
    ['both', 'Both ways'],
  ]),
  dependsUpon: list([
    ['distance', 'Distance'],
    ['duration', 'Duration'],
    ['distance_and_duration', 'Distance and duration'],
  ]),
  breakDownPeriod: list([
    ['day', 'Day'],
    ['week', 'Week'],
    ['month', 'Month'],
    ['quarter', 'Quarter'],
    ['year', 'Year'],
  ]),
  locationType: list([
    ['airport', 'Airport'],
    ['station', 'Station'],
    ['hotel', 'Hotel'],
    ['office', 'Office'],
    ['hospital', 'Hospital'],
    ['port', 'Port'],
    ['venue', 'Venue'],
    ['other', 'Other'],
  ]),
  ownerType: list([
    ['driver', 'Driver'],
    ['vehicle', 'Vehicle'],
    ['staff', 'Staff'],
    ['passenger', 'Passenger'],
    ['client', 'Client'],
    ['company', 'Company'],
  ]),
  tagType: list([
    ['driver', 'Driver'],
    ['vehicle', 'Vehicle'],
    ['client', 'Client'],
    ['passenger', 'Passenger'],
    ['booking', 'Booking'],
  ]),
  userType: list([
    ['Admin', 'Admin'],
    ['Staff', 'Staff'],
    ['Driver', 'Driver'],
    ['Passenger', 'Passenger'],
    ['Client', 'Client'],
  ]),
  vehicleClass: list([
    ['standard', 'Standard'],
    ['executive', 'Executive'],
    ['luxury', 'Luxury'],
    ['people_carrier', 'People carrier'],
    ['wheelchair', 'Wheelchair accessible'],
    ['electric', 'Electric'],
  ]),
  driverStatus: list([
    ['1', 'Available'],
    ['2', 'Busy'],
    ['3', 'Offline'],
    ['4', 'On break'],
  ]),
  clientMessage: list([
    ['confirmation', 'Booking confirmation'],
    ['on_route', 'Driver on route'],
    ['assigned', 'Driver assigned'],
    ['address_change', 'Change of address'],
    ['arrival', 'Driver arrived'],
    ['completion', 'Journey completed'],
  ]),
  clientPhoneCall: list([['arrival', 'Call the passenger on arrival']]),
  driverEventKind: list([
    ['leave', 'Leave'],
    ['sickness', 'Sickness'],
    ['training', 'Training'],
    ['vehicle', 'Vehicle off road'],
    ['other', 'Other'],
  ]),
} as const;

export type FixedListName = keyof typeof fixedLists;

export type CodeOf<N extends FixedListName> = (typeof fixedLists)[N][number]['code'];

export function codesOf<N extends FixedListName>(name: N): [CodeOf<N>, ...CodeOf<N>[]] {
  return fixedLists[name].map((e) => e.code) as [CodeOf<N>, ...CodeOf<N>[]];
}

export function labelOf(name: FixedListName, code: string | null | undefined): string {
  return fixedLists[name].find((e) => e.code === code)?.name ?? code ?? '';
}
