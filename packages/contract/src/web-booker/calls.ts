/** The visitor-facing web booker: public calls, no account needed (docs/web-booker.md). */
import { area, list, mutation, read } from '../define';
import { addressPlace, addressSearchInput } from '../bookings/schemas';
import { listInput } from '../fields';
import {
  webBookerCompany,
  webBookerCompanyInput,
  webBookerConfirmation,
  webBookerConfirmationInput,
  webBookerHourRow,
  webBookerIdentifier,
  webBookerIdentifierInput,
  webBookerPassenger,
  webBookerPassengerLookupInput,
  webBookerPricingInput,
  webBookerPricingRow,
  webBookerTax,
  webBookerVisit,
} from './schemas';

export const bookingWebBooker = area(
  'Booking',
  { subject: 'WebBooker' },
  {
    GetConformationWebBookerBookingDetails: read({
      isPublic: true,
      input: webBookerConfirmationInput,
      output: webBookerConfirmation,
      summary:
        'The booking a web-booker confirmation token names, in the company given: number, status, time, stops, vehicle, price. Found only by the token (404 otherwise).',
    }),
    GetPassengerForWebBooker: mutation({
      verb: 'create',
      isPublic: true,
      input: webBookerPassengerLookupInput,
      output: webBookerPassenger,
      summary:
        "With a visitor token: the visit's passenger, matched by e-mail or phone in the company or made; the answer is the same either way. With a passenger's token: their own details.",
    }),
    GetPlacesForWebBooker: list({
      isPublic: true,
      input: addressSearchInput,
      row: addressPlace,
      addedBecause:
        "a visitor chooses the pick-up and drop-off from a list, and the office's address search (Booking/GetAddressPlaces) shows other customers' past addresses",
      summary:
        "With a visitor's (or passenger's) token: where a typed address may be — the company's known places, the district of a postcode, else the address service.",
    }),
    GetWebBookerUserID: mutation({
      verb: 'create',
      isPublic: true,
      input: webBookerCompanyInput,
      output: webBookerVisit,
      summary:
        "Starts a visit of the company's web booker: a visitor token (2 hours, one booking) and the booking-form rules the page obeys.",
    }),
  },
);

export const commonWebBooker = area(
  'Common',
  { subject: 'WebBooker' },
  {
    GetCompanyIdForWebBooker: read({
      isPublic: true,
      input: webBookerIdentifierInput,
      output: webBookerCompany,
      summary: 'The company a page marker (UKCB, UKCB_PassApp, CharChauf…) names, with its look; unknown: 404.',
    }),
    GetTaxForWebBooker: read({
      isPublic: true,
      input: webBookerCompanyInput,
      output: webBookerTax,
      summary: "How the web booker shows VAT: the company's rate, whether it charges VAT, and that prices include it.",
    }),
    GetCompanyIdentifierForWebBooker: read({
      isPublic: true,
      input: webBookerCompanyInput,
      output: webBookerIdentifier,
      summary: "A company's page marker (short name) from its id; unknown: 404.",
    }),
  },
);

export const vehicleWebBooker = area(
  'Vehicle',
  { subject: 'WebBooker' },
  {
    GetVehiclePricingListForWebBooker: list({
      isPublic: true,
      input: webBookerPricingInput,
      row: webBookerPricingRow,
      summary:
        "With a visitor's (or passenger's) token: each active vehicle type with room for the passengers and luggage, priced for the journey by the server; types that cannot be priced are left out.",
    }),
    GetHourListForWebBookerScreen: list({
      isPublic: true,
      input: listInput({}),
      row: webBookerHourRow,
      summary: 'The hourly-hire durations a visitor may choose (minutes, and the words shown).',
    }),
  },
);
