import { z } from 'zod';
import { lookup } from '../crud';
import { area, flat, list, mutation, planned, read } from '../define';
import { imageUpload, noInput } from '../fields';
import {
  paymentConfiguration,
  paymentConfigurationInput,
  paymentConfigurationListInput,
  publishableKeyAnswer,
} from '../payments/configuration-schemas';
import { bookingFormSettingUpdateInput, bookingFormSettings } from './booking-form';
import {
  companyLook,
  companyLookInput,
  companyLookUpdateInput,
  companyLookupInput,
  mapSettings,
  publicCompany,
  systemLogo,
  systemLogoInput,
} from './schemas';

const companyDetails = flat({
  verb: 'read',
  input: companyLookupInput,
  output: publicCompany,
  isPublic: true,
  summary: 'The company a short name (the sign-in page query string) belongs to.',
});

export const companyLookup = area(
  'Booking',
  { subject: 'Auth' },
  {
    GetCompanyDetails: companyDetails,
  },
);

export const branding = area(
  'Common',
  { subject: 'Auth' },
  {
    GetSystemLogo: flat({
      verb: 'read',
      input: systemLogoInput,
      output: systemLogo,
      isPublic: true,
      summary:
        'Logos for a company and user type (Admin, Passenger or a staff role id); unknown companies get the default.',
    }),
    GetCompanyDetails: companyDetails,
    GetMapSettings: read({
      input: noInput(),
      output: mapSettings,
      isPublic: true,
      addedBecause:
        'maps draw their tiles from an address the operator sets on the server (MAP_TILE_URL), without rebuilding the web app',
      summary: 'Where maps take their tiles from, and the words the tiles ask to show; no address means no tiles.',
    }),
    GetCompanyLook: flat({
      verb: 'read',
      input: companyLookInput,
      output: companyLook,
      isPublic: true,
      addedBecause:
        "each company's look (colour, theme, title, icon, footer, the driver app's name) is read before sign-in by the loader and the sign-in page",
      summary: "A company's look, with the defaults for what it has not set; an unknown company gets the default look.",
    }),
  },
);

export const commonSettings = area(
  'Common',
  { subject: 'Settings' },
  {
    GetSubCompanyList: lookup(z.object({ id: z.number(), name: z.string(), shortName: z.string() }), {
      subject: 'Lookup',
      summary: "The companies under the caller's company (parent company), for dropdowns.",
    }),
    GetRefCompanyImage: read({
      input: noInput(),
      output: z.object({ companyID: z.number(), imageUrl: z.string().nullable() }),
      summary: "The company's own picture (basic settings); imageUrl is null when there is none.",
    }),
    UploadImageRefCompany: mutation({
      verb: 'update',
      input: z.object({ file: imageUpload() }),
      output: z.object({ companyID: z.number(), imageUrl: z.string() }),
      upload: 'file',
      summary: "Replaces the company's picture (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
    UpdateCompanyLook: mutation({
      verb: 'update',
      input: companyLookUpdateInput,
      output: companyLook,
      addedBecause:
        "the company's look is stored in its settings and set through a call until the settings screen exists",
      summary:
        "Changes the caller's company look (fields sent only; null restores the default). Any #rrggbb colour is kept: its text shades are derived to reach 4.5:1 in both themes.",
    }),
  },
);

export const bookingFormSettingSettings = area(
  'BookingFormSetting',
  { subject: 'Settings' },
  {
    GetBookingFormSetting: read({
      input: noInput(),
      output: bookingFormSettings,
      summary: "Which optional booking-form fields the company shows and makes compulsory, with the form's options.",
    }),
    Update: mutation({
      verb: 'update',
      input: bookingFormSettingUpdateInput,
      output: bookingFormSettings,
      summary:
        'Changes the settings it is sent (a field sent is sent whole: show, required); a compulsory field must be shown.',
    }),
  },
);

export const configurationSettings = area(
  'Configuration',
  { subject: 'Settings' },
  {
    GetConfigurationData: read({
      input: noInput(),
      output: paymentConfiguration,
      summary:
        "The company's card payment configuration: provider, mode, publishable key, whether a secret key and webhook secret are saved (a hint, never the secret), the currency and the webhook address to give the provider.",
    }),
    GetStripeKeyLive: read({
      input: noInput(),
      output: publishableKeyAnswer,
      subject: 'Lookup',
      alsoFor: 'WebBooker',
      summary:
        "The card provider's publishable key, for loading its card form: any signed-in session of the company (office, driver, passenger, client portal, web booker visitor); never a secret.",
    }),
    GetTableSummary: list({
      input: paymentConfigurationListInput,
      row: paymentConfiguration,
      summary:
        "The company's one configuration row (none until it is saved), with the same fields as GetConfigurationData.",
    }),
    Create: mutation({
      verb: 'create',
      input: paymentConfigurationInput,
      output: paymentConfiguration,
      summary:
        'Saves the first configuration (409 when one exists: use Update). Stripe needs a publishable and a secret key of the chosen mode; secrets are sealed and never answered.',
    }),
    Update: mutation({
      verb: 'update',
      input: paymentConfigurationInput,
      output: paymentConfiguration,
      summary:
        'Changes the fields sent (the defaults when nothing is saved yet). A secret key or webhook secret left out or empty stays; clearSecretKey / clearWebhookSecret remove them.',
    }),
  },
);

export const profileSettingsSettings = area(
  'ProfileSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: planned(),
    GetUsers: planned(),
    Create: planned(),
    Update: planned(),
  },
);

export const basicSettingsSettings = area(
  'BasicSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: planned(),
    Create: planned(),
    Update: planned(),
    GetUsers: planned(),
  },
);

export const providerSettingsSettings = area(
  'ProviderSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: planned(),
    GetProvider: planned(),
    Create: planned(),
    Update: planned(),
  },
);

export const emailSettingsSettings = area(
  'EmailSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: planned(),
    GetUsers: planned(),
    Create: planned(),
    Update: planned(),
  },
);
