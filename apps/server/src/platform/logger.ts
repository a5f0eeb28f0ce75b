import { pino } from 'pino';

export type Logger = pino.Logger;

/** Fields that may hold a secret wherever they appear in a logged object (two levels deep). */
const SECRET_FIELDS = [
  'authorization',
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'secretKey',
  'cardNumber',
  'cvc',
  'cvv',
];

const redactPaths = SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);

/** A failed query's message lists its values (a hash, an e-mail, a token): the text alone is kept. */
function withoutParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [hidden]');
}

function errorWithoutValues(error: unknown): unknown {
  const serialised = pino.stdSerializers.errWithCause(error as Error) as unknown as Record<string, unknown>;
  if (typeof serialised.message === 'string') serialised.message = withoutParams(serialised.message);
  if (typeof serialised.stack === 'string') serialised.stack = withoutParams(serialised.stack);
  delete serialised.params;
  return serialised;
}

/**
 * JSON lines on stdout. Secrets never reach them: known secret fields are replaced, and a failed
 * query's values are left out of its message.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactPaths, censor: '[hidden]' },
    serializers: { err: errorWithoutValues },
  };
  return destination ? pino(options, destination) : pino(options);
}
