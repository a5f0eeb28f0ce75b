import { z } from 'zod';
import { lookup } from '../crud';
import { area, flat, list, mutation, read } from '../define';
import { imageUpload, noInput } from '../fields';
import {
  paymentConfiguration,
  paymentConfigurationInput,
  paymentConfigurationListInput,
  publishableKeyAnswer,
} from '../payments/configuration-schemas';
import {
  basicSettings,
  basicSettingsCreateInput,
  basicSettingsListInput,
  basicSettingsUpdateInput,
  companyUserRow,
  companyUsersInput,
} from './basic-settings';
import { bookingFormSettingUpdateInput, bookingFormSettings } from './booking-form';
import {
  emailSettings,
  emailSettingsInput,
  emailSettingsListInput,
  emailUser,
  emailUsersInput,
  templatePreview,
  templatePreviewInput,
  testMailAnswer,
  testMailInput,
} from './email-settings';
import {
  providerKindInput,
  providerSetting,
  providerSettingInput,
  providerSettingListInput,
} from './provider-settings';
import {
  profileListInput,
  profileSettings,
  profileSettingsInput,
  savedProfile,
  staffRoleType,
} from './profile-settings';
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
  { subject: 'Profile' },
  {
    GetTableSummary: list({
      input: profileListInput,
      row: profileSettings,
      summary:
        "The signed-in user's own profile as the one row of the list; an id or userID of anyone else answers 403.",
    }),
    GetUsers: list({
      input: profileListInput,
      row: staffRoleType,
      summary: "The company's staff role types, for the profile's role; isOwn marks the signed-in user's role.",
    }),
    Create: mutation({
      verb: 'update',
      input: profileSettingsInput,
      output: savedProfile,
      upload: 'profileImage',
      summary: 'Saves the profile: a profile always exists, so Create is the same save as Update.',
    }),
    Update: mutation({
      verb: 'update',
      input: profileSettingsInput,
      output: savedProfile,
      upload: 'profileImage',
      summary:
        "Changes the signed-in user's name, picture and, with `password`, the password (ProfileSettings/UpdatePassword's rules; a new token pair is answered and other sessions end). Another user's id answers 403.",
    }),
  },
);

export const basicSettingsSettings = area(
  'BasicSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: list({
      input: basicSettingsListInput,
      row: basicSettings,
      summary: "The company's basic settings as the one row of the list (a company always has them).",
    }),
    Create: mutation({
      verb: 'update',
      input: basicSettingsCreateInput,
      output: basicSettings,
      upload: 'companyImage',
      summary:
        'Saves the whole form: companyName, timeZone and currency are required, what is left out takes its default. Settings exist with the company, so Create is an idempotent save, never a 409.',
    }),
    Update: mutation({
      verb: 'update',
      input: basicSettingsUpdateInput,
      output: basicSettings,
      upload: 'companyImage',
      summary:
        'Changes the fields sent. A new companyImage becomes the logo of the sign-in page and the loader (Common/GetSystemLogo). The base takes both coordinates or none.',
    }),
    GetUsers: list({
      input: companyUsersInput,
      row: companyUserRow,
      summary: "The company's office accounts (Admin and Staff), paged, sorted and searchable by name and e-mail.",
    }),
  },
);

export const providerSettingsSettings = area(
  'ProviderSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: list({
      input: providerSettingListInput,
      row: providerSetting,
      summary:
        "Every outside service the company may choose (SMS gateway, map tiles, routing, flight data, postcodes, address search), each as it applies now: the company's choice, else the server's environment. Secrets answer a hint only. Card payments are Configuration/*.",
    }),
    GetProvider: read({
      input: providerKindInput,
      output: providerSetting,
      summary: 'One kind of service as it applies now (the environment default when the company has no choice).',
    }),
    Create: mutation({
      verb: 'create',
      input: providerSettingInput,
      output: providerSetting,
      summary:
        "Saves the company's first choice for a kind (409 when it has one: use Update). A provider with an address needs url; secrets are sealed and never answered.",
    }),
    Update: mutation({
      verb: 'update',
      input: providerSettingInput,
      output: providerSetting,
      summary:
        "Changes the fields sent of a kind's choice (over the environment default when none is saved); useDefault removes the company's choice. The next call that uses the service uses it.",
    }),
  },
);

export const emailSettingsSettings = area(
  'EmailSettings',
  { subject: 'Settings' },
  {
    GetTableSummary: list({
      input: emailSettingsListInput,
      row: emailSettings,
      summary:
        "The company's one e-mail settings row as it applies now (its SMTP server, else the server's), with every message template (the company's text or the default) and its placeholders. The password answers a hint only.",
    }),
    GetUsers: list({
      input: emailUsersInput,
      row: emailUser,
      summary:
        'The office users with an e-mail address: who may receive the test mail and blind copies of the company mail (receivesCopies).',
    }),
    Create: mutation({
      verb: 'create',
      input: emailSettingsInput,
      output: emailSettings,
      summary:
        'Saves the first e-mail settings (409 when saved: use Update). The SMTP server is tried first: one that refuses is a 400 and nothing is saved, unless saveAnyway.',
    }),
    Update: mutation({
      verb: 'update',
      input: emailSettingsInput,
      output: emailSettings,
      summary:
        'Changes the fields and templates sent (a template with null subject and body returns to the default); a changed server is tried first like Create. A template naming an unknown placeholder is a 400 naming it.',
    }),
    SendTestMail: mutation({
      verb: 'update',
      input: testMailInput,
      output: testMailAnswer,
      addedBecause:
        'the e-mail settings screen sends a test mail through the SMTP server typed (or the saved one) before the office relies on it',
      summary:
        "Sends a test mail now, through the server sent or else the company's saved one; a server that refuses is a 400 with its answer. Saves nothing.",
    }),
    PreviewTemplate: read({
      input: templatePreviewInput,
      output: templatePreview,
      addedBecause: 'the template editor shows the mail as it will go out, in the company look, with sample facts',
      summary: "A template rendered with sample facts: subject, text and the HTML mail in the company's look.",
    }),
  },
);
