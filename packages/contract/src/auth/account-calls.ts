import { area, mutation, read } from '../define';
import { noInput } from '../fields';
import {
  emailConfirmInput,
  emailConfirmed,
  linkCheck,
  linkCheckInput,
  neutralAnswer,
  passwordResetInput,
  passwordResetRequestInput,
  setupDone,
  setupInput,
  signUpSetting,
} from './account-schemas';

const unnamed = 'the spec names no call for forgotten passwords, e-mail confirmation or setting up an installation';

/** Accounts without a session: forgotten passwords, confirming a sign-up, the first admin. */
export const accountLinks = area(
  'Account',
  { subject: 'Auth' },
  {
    RequestPasswordReset: mutation({
      verb: 'update',
      input: passwordResetRequestInput,
      output: neutralAnswer,
      isPublic: true,
      addedBecause: unnamed,
      summary:
        'E-mails a one-time link to choose a new password when the e-mail has an account with the company; the answer is the same when it has none. Counted by the sign-in rate limit.',
    }),
    ResetPassword: mutation({
      verb: 'update',
      input: passwordResetInput,
      output: neutralAnswer,
      isPublic: true,
      addedBecause: unnamed,
      summary: 'Sets a new password with a reset link (once, before it expires) and signs out every session.',
    }),
    CheckLink: read({
      input: linkCheckInput,
      output: linkCheck,
      isPublic: true,
      addedBecause: unnamed,
      summary: 'Whether a one-time link still works (valid, expired, used or unknown) and for which company.',
    }),
    ConfirmEmail: mutation({
      verb: 'create',
      input: emailConfirmInput,
      output: emailConfirmed,
      isPublic: true,
      addedBecause: unnamed,
      summary: "Opens a passenger's sign-up link: the account is created and can sign in.",
    }),
    CompleteSetup: mutation({
      verb: 'create',
      input: setupInput,
      output: setupDone,
      isPublic: true,
      addedBecause: unnamed,
      summary:
        "Uses a set-up link (printed at start or by create-admin): creates the company's admin with their own password, and the company when the link names none.",
    }),
  },
);

export const accountSettings = area(
  'Account',
  { subject: 'Settings' },
  {
    GetSignUpSetting: read({
      input: noInput(),
      output: signUpSetting,
      addedBecause: 'a company chooses whether passengers may create their own account',
      summary: 'Whether passengers may create their own account on the passenger sign-in page.',
    }),
    UpdateSignUpSetting: mutation({
      verb: 'update',
      input: signUpSetting,
      output: signUpSetting,
      addedBecause: 'a company chooses whether passengers may create their own account',
      summary: 'Turns passenger sign-up on or off for the company.',
    }),
  },
);
