import { z } from 'zod';
import { requiredText, text, wholeNumber } from '../fields';

/** What anyone may learn about a company from its short name: enough to brand a sign-in page. */
export const publicCompany = z.object({
  id: z.number(),
  companyShortName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  loaderStyle: z.enum(['standard', 'special']),
  passengerSignUp: z.boolean().describe('Passengers may create their own account on the passenger sign-in page'),
});

export const companyLookupInput = z.object({ companyShortName: requiredText(40) });

export const systemLogoInput = z.object({
  userType: z
    .union([text(40), z.number()], { error: 'must be Admin, Passenger or a staff role id' })
    .optional()
    .default('Admin'),
  companyID: wholeNumber({ min: 0 }).optional().default(0),
});

export const systemLogo = z.object({
  navBarLogo: z.string().describe('URL of the logo for the navigation bar'),
  mainLogo: z.string().describe('URL of the large logo (sign-in page, loader)'),
});

/** Common/GetMapSettings: the tile address maps use (an {x}/{y}/{z} template), or none. */
export const mapSettings = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string(),
});

/** The two themes a company can open in (each person can still switch). */
export const companyThemes = ['light', 'dark'] as const;

/** A company's look: what the sign-in page, the loader, every page, the driver app and its mails wear. */
export const companyLook = z.object({
  companyID: z.number(),
  name: z.string(),
  primaryColor: z.string().describe('#rrggbb: buttons and active items; shades for text are derived from it'),
  theme: z.enum(companyThemes).describe('the theme a device that chose none opens in'),
  pageTitle: z.string().describe("the browser tab's title"),
  footer: z.string().describe('the line at the foot of every office page'),
  iconUrl: z.string().describe('favicon and the driver app icon'),
  appName: z.string().describe("the driver app's name when installed on a phone"),
  manifestUrl: z.string().describe("the driver app's web manifest for this company"),
});

export const companyLookInput = z.object({
  companyID: wholeNumber({ min: 0 }).optional().default(0).describe('0 or an unknown id: the default look'),
});

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb');
const iconAddress = z
  .string()
  .trim()
  .max(300, 'must be at most 300 characters')
  .regex(/^(\/|https:\/\/)\S+$/, 'must be an address starting with / or https://');

/** Only the fields sent change; null goes back to the default. */
export const companyLookUpdateInput = z.object({
  primaryColor: hexColour.nullable().optional(),
  theme: z.enum(companyThemes).optional(),
  pageTitle: text(80).nullable().optional(),
  footer: text(200).nullable().optional(),
  iconUrl: iconAddress.nullable().optional(),
  appName: text(40).nullable().optional(),
});
export type CompanyLook = z.infer<typeof companyLook>;
