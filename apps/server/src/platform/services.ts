import type { Config } from '../config';
import type { Handlers } from './http/context';
import type { AbilityCache } from './auth/abilities';
import type { AddressRateLimit, SignInThrottle } from './auth/sign-in-throttle';
import type { TokenService } from './auth/tokens';
import type { SessionRevocations } from './auth/revocations';
import type { FileService } from './files/store';
import type { LiveBus } from './events/bus';
import type { RootDb } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { Sealer } from './secrets/sealed';

/** The long-lived parts every handler may use, built once at start-up. */
export interface Services {
  config: Config;
  log: Logger;
  db: RootDb;
  tokens: TokenService;
  /** Seals and opens the secrets companies store (platform/secrets/sealed.ts). */
  secrets: Sealer;
  /** Signed-out sessions whose access tokens must stop before they expire. */
  revocations: SessionRevocations;
  files: FileService;
  /** Live changes to open screens (in process, or through Redis). */
  bus: LiveBus;
  abilities: AbilityCache;
  signInThrottle: SignInThrottle;
  /** Calls per address to the web booker's public calls. */
  webBookerLimit: AddressRateLimit;
  /** Background jobs (mail, text messages) on the same PostgreSQL, started with the app. */
  jobs: JobQueue;
  /** What /metrics serves (platform/metrics.ts). */
  metrics: Metrics;
  /** Every built call's handler, for calls that run other calls (imports, exports). */
  handlers: Partial<Handlers>;
  /** Checks every answer against its contract schema (tests and development). */
  checkOutputs: boolean;
}
