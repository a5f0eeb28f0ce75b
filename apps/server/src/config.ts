import path from 'node:path';
import { z } from 'zod';

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .optional()
    .transform((v) => v ?? fallback);

const yesNo = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** Every setting comes from the environment; see the table in README.md. */
const envSchema = z
  .object({
    PORT: positiveInt(8443).pipe(z.number().max(65535, 'must be a TCP port (1-65535)')),
    HOST: z.string().optional(),
    CABDESK_DATA_DIR: z.string().optional().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    CABDESK_PG_PORT: positiveInt(0).pipe(z.number().max(65535, 'must be a TCP port (1-65535)')),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    STRIPE_API_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http(s):// address without a path, e.g. http://127.0.0.1:12111')
      .optional(),
    ACCESS_TOKEN_TTL: positiveInt(900).pipe(z.number().min(1, 'must be at least 1 second')),
    REFRESH_TOKEN_TTL_DAYS: positiveInt(1).pipe(z.number().min(1, 'must be at least 1 day')),
    REMEMBER_ME_TTL_DAYS: positiveInt(30).pipe(z.number().min(1, 'must be at least 1 day')),
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http(s):// address without a path, e.g. https://desk.example.com')
      .optional(),
    PASSWORD_RESET_TTL_MINUTES: positiveInt(60).pipe(z.number().min(5, 'must be at least 5 minutes')),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SIGNIN_RATE_LIMIT: positiveInt(10).pipe(z.number().min(1, 'must be at least 1')),
    WEB_BOOKER_RATE_LIMIT: positiveInt(120).pipe(z.number().min(1, 'must be at least 1')),
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    CABDESK_DEMO_DATA: yesNo(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
    WEB_DIST: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().optional(),
    SMS_PROVIDER: z.enum(['outbox', 'http'], { error: 'must be outbox or http' }).optional().default('outbox'),
    SMS_HTTP_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_FROM: z.string().optional(),
    OFFER_TIMEOUT_SECONDS: positiveInt(120).pipe(z.number().min(10, 'must be at least 10 seconds')),
    FLIGHT_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    FLIGHT_API_KEY: z.string().optional(),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s):// address with {z}, {x} and {y}')
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().optional(),
    POSTCODE_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    GEOCODER_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    ROUTING_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// URL')
      .optional(),
    GEOCODER_KIND: z
      .enum(['nominatim', 'photon'], { error: 'must be nominatim or photon' })
      .optional()
      .default('nominatim'),
  })
  .refine((env) => env.SMS_PROVIDER !== 'http' || Boolean(env.SMS_HTTP_URL), {
    path: ['SMS_HTTP_URL'],
    message: 'is required when SMS_PROVIDER is http',
  })
  .refine((env) => Boolean(env.TLS_CERT_FILE) === Boolean(env.TLS_KEY_FILE), {
    path: ['TLS_KEY_FILE'],
    message: 'TLS_CERT_FILE and TLS_KEY_FILE must be set together',
  });

export type Env = z.output<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  jwtSecret: string | undefined;
  /** Seals the secrets companies store (card provider keys); else kept in the data folder. */
  secretsKey: string | undefined;
  /** Where the Stripe API is, when not Stripe's own (a stand-in in tests). */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  rememberMeTtlDays: number;
  signInRateLimit: number;
  /** Asked of /metrics as a bearer token when set. */
  metricsToken: string | undefined;
  /** Calls a minute one address may make to the web booker's public calls. */
  webBookerRateLimit: number;
  /** Where people reach the web app: the address the links in e-mails and the set-up link start with. */
  publicUrl: string;
  /** How long a forgotten-password link works. */
  passwordResetTtlMinutes: number;
  tls: { certFile: string; keyFile: string } | undefined;
  demoData: boolean;
  logLevel: string;
  webDist: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Text messages: kept in the outbox (held) unless a provider is configured. */
  sms: { provider: 'outbox' } | { provider: 'http'; url: string; token: string | undefined; from: string };
  offerTimeoutSeconds: number;
  /** A live flight-information service; without it flight details come from the offline provider. */
  flightApi: { url: string; key: string | undefined } | undefined;
  /** A postcode service (postcodes.io style); without it the built-in outward-code table answers. */
  postcodeApiUrl: string | undefined;
  /**
   * An address search service (Nominatim or Photon JSON), asked last when the company's past
   * addresses, known places and the postcode table do not place an address; none by default.
   */
  geocoder: { url: string; kind: 'nominatim' | 'photon' } | undefined;
  /** A routing service (OSRM's route API) that measures journeys; without it, the straight line times the road factor. */
  routingApiUrl: string | undefined;
  /** Map tiles ({z}/{x}/{y} template) and their attribution; without them maps draw a plain grid. */
  mapTiles: { url: string; attribution: string } | undefined;
}

export class ConfigError extends Error {}

function stripeApiOf(address: string): NonNullable<Config['stripeApi']> {
  const url = new URL(address);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    // The demo's passwords are in the README: with demo data the server answers this machine only,
    // unless the operator names an address.
    host: e.HOST ?? (e.CABDESK_DEMO_DATA ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.CABDESK_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.CABDESK_PG_PORT || undefined,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    stripeApi: e.STRIPE_API_URL ? stripeApiOf(e.STRIPE_API_URL) : undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    rememberMeTtlDays: e.REMEMBER_ME_TTL_DAYS,
    signInRateLimit: e.SIGNIN_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    webBookerRateLimit: e.WEB_BOOKER_RATE_LIMIT,
    // Never the request's Host header: a forged one would send reset links to someone else's site.
    publicUrl: (e.PUBLIC_URL ?? `${e.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, ''),
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined,
    demoData: e.CABDESK_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Cabdesk <no-reply@cabdesk.local>',
    sms:
      e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL
        ? { provider: 'http', url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN, from: e.SMS_FROM ?? 'Cabdesk' }
        : { provider: 'outbox' },
    offerTimeoutSeconds: e.OFFER_TIMEOUT_SECONDS,
    flightApi: e.FLIGHT_API_URL ? { url: e.FLIGHT_API_URL, key: e.FLIGHT_API_KEY } : undefined,
    postcodeApiUrl: e.POSTCODE_API_URL,
    geocoder: e.GEOCODER_URL ? { url: e.GEOCODER_URL, kind: e.GEOCODER_KIND } : undefined,
    routingApiUrl: e.ROUTING_API_URL,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? '' } : undefined,
  };
}
