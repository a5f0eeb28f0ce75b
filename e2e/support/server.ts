import { inject } from 'vitest';
import type { JourneyServer } from './global-setup';

/** This worker's own server (global-setup.ts starts one per worker); a file runs on one worker. */
export function journeyServer(): JourneyServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('no journey server was started');
  return server;
}
