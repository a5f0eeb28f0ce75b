import { z } from 'zod';
import { area, flat, mutation, read } from '../define';
import { wholeNumber } from '../fields';
import {
  deviceTokenInput,
  logoutInput,
  refreshInput,
  registerInput,
  session,
  signInInput,
  tokenPair,
  updatePasswordInput,
} from './schemas';
import { neutralAnswer } from './account-schemas';

export * from './account-calls';

const signIn = flat({
  input: signInInput,
  output: session,
  isPublic: true,
  verb: 'read',
  summary: 'Signs in. A wrong e-mail or password answers 400 without saying which.',
});

export const tokens = area(
  'jwt',
  { subject: 'Auth', prefix: '/jwt' },
  {
    'refresh-token': flat({
      input: refreshInput,
      output: tokenPair,
      isPublic: true,
      verb: 'read',
      summary:
        'Rotates a refresh token. Presenting an already rotated token revokes its whole family, unless it comes with the idempotency key of that rotation and the new token it gave is still unused: then that token is answered again.',
    }),
    login: { ...signIn, summary: 'The same as UserLogin/UserSignIn.' },
    register: mutation({
      input: registerInput,
      output: neutralAnswer,
      isPublic: true,
      verb: 'create',
      summary:
        'A passenger asks for an account with the company named by its short name: a link to confirm the e-mail goes to it, and the account exists once the link is opened. The answer is the same whether or not the e-mail has an account; 403 when the company does not take sign-ups.',
    }),
    logout: mutation({
      input: logoutInput,
      output: z.object({ signedOut: z.boolean() }),
      isPublic: true,
      verb: 'update',
      summary: 'Revokes the refresh token family the given token belongs to.',
    }),
  },
);

export const signInCalls = area(
  'UserLogin',
  { subject: 'Auth' },
  {
    UserSignIn: signIn,
    UpdatUserDeviceTokenOnLogout: mutation({
      verb: 'update',
      input: deviceTokenInput,
      output: z.object({ userID: z.number() }),
      subject: 'Profile',
      summary: "Forgets the signed-in user's device token (no more push messages to that device).",
    }),
  },
);

export const decodedUserId = area(
  'Common',
  { subject: 'Profile' },
  {
    GetDecodedUserID: read({
      input: z.object({ userID: wholeNumber({ min: 0 }).optional() }),
      output: z.object({ userID: z.number() }),
      summary: 'The id of the signed-in user as a number (ids are not encoded).',
    }),
  },
);

export const passwordChange = area(
  'ProfileSettings',
  { subject: 'Profile' },
  {
    UpdatePassword: mutation({
      verb: 'update',
      input: updatePasswordInput,
      output: z.object({
        passwordChangingDate: z.string(),
        accessToken: z.string(),
        refreshToken: z.string(),
      }),
      summary: 'Changes the password, signs out every other session and answers a new token pair.',
    }),
  },
);
