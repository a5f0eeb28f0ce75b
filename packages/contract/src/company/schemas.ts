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
