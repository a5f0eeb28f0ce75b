import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config';
import { allHandlers } from './domains';
import { startNearPickupWatch } from './domains/dispatch/near-pickup';
import { startOfferExpiry } from './domains/dispatch/offer-expiry';
import { closeChannels } from './domains/notifications/channels';
import { defineNotificationJobs } from './domains/notifications/jobs';
import { defineReportJobs } from './domains/reports/rollup/jobs';
import { defineAccountJobs } from './domains/auth/jobs';
import { defineCardPaymentJobs } from './domains/payments/booking-lifecycle';
import { defineInvoiceJobs, invoiceRunKind } from './domains/invoicing/generate';
import { startRunResume } from './platform/jobs/run-resume';
import { defineDriverPayJobs, driverPayRunKind } from './domains/driver-pay/generate';
import { installCardProviders, providerSettingsOf } from './domains/payments/providers';
import { installPaymentWebhook, receivePaymentEvent } from './domains/payments/webhook';
import { AbilityCache } from './platform/auth/abilities';
import { AddressRateLimit, SignInThrottle } from './platform/auth/sign-in-throttle';
import { MemoryAttempts, RedisAttempts } from './platform/auth/attempts';
import { SessionRevocations } from './platform/auth/revocations';
import { loadRecentRevocations } from './domains/auth/refresh-tokens';
import { roleGrantsFrom } from './domains/auth/role-grants';
import { FileService, LocalFileStore } from './platform/files/store';
import { installFileRoutes } from './platform/files/routes';
import { InProcessBus, RedisBus } from './platform/events/bus';
import { LiveHub } from './platform/events/hub';
import { installLiveSocket } from './platform/events/websocket';
import { PositionWriter } from './domains/tracking/position-writer';
import { TokenService, loadOrCreateSecret } from './platform/auth/tokens';
import { loadOrCreateSecretsKey, sealer } from './platform/secrets/sealed';
import type { RootDb } from './platform/db/client';
import { serverPath } from './platform/paths';
import { installDocs } from './platform/http/docs';
import { installFailureHandler } from './platform/http/failures';
import { registerCalls } from './platform/http/router';
import { installWeb } from './platform/http/web';
import { installCompanyManifests } from './domains/company/look';
import { JobQueue } from './platform/jobs/queue';
import { Metrics } from './platform/metrics';
import { installMetricsRoute } from './platform/http/metrics-route';
import { installRequestLog, requestIdOf } from './platform/http/request-log';
import type { Logger } from './platform/logger';
import type { Services } from './platform/services';

const brandingDir = serverPath('assets', 'branding');

/** Processes on the same database share live changes; others sharing the Redis do not hear them. */
function databaseNamespace(db: RootDb): string {
  const options = db.$client.options;
  return createHash('sha256')
    .update(`${options.host}:${options.port}/${options.database}|${options.connectionString ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

export interface AppOptions {
  config: Config;
  db: RootDb;
  log: Logger;
  checkOutputs?: boolean;
}

/** The whole product in one Fastify instance: API calls, docs, web app, branding. */
export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, db, log } = options;
  const https = config.tls ? { key: readFileSync(config.tls.keyFile), cert: readFileSync(config.tls.certFile) } : null;
  const app = Fastify({
    loggerInstance: log,
    // One line per request, written by installRequestLog with the call, company and user.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    // Larger bodies are refused with 413 from their Content-Length, before they are read.
    bodyLimit: 2 * 1024 * 1024,
    // A client that sends its request slower than this is cut off instead of holding a socket.
    requestTimeout: 30_000,
    trustProxy: true,
    ...(https ? { https } : {}),
  }) as unknown as FastifyInstance;

  const secret = loadOrCreateSecret(config.dataDir, config.jwtSecret);
  const bus = config.redisUrl ? new RedisBus(config.redisUrl, log, databaseNamespace(db)) : new InProcessBus();
  const revocations = new SessionRevocations(bus, config.accessTokenTtlSeconds * 1000);
  const attempts = config.redisUrl
    ? new RedisAttempts(config.redisUrl, databaseNamespace(db), log)
    : new MemoryAttempts();
  const services: Services = {
    config,
    log,
    db,
    tokens: new TokenService(secret, config.accessTokenTtlSeconds, revocations),
    secrets: sealer(loadOrCreateSecretsKey(config.dataDir, config.secretsKey)),
    revocations,
    files: new FileService(new LocalFileStore(path.join(config.dataDir, 'files')), secret),
    bus,
    abilities: new AbilityCache(roleGrantsFrom(db), bus),
    signInThrottle: new SignInThrottle(config.signInRateLimit, attempts),
    webBookerLimit: new AddressRateLimit(config.webBookerRateLimit, attempts),
    jobs: new JobQueue(db.$client, log),
    metrics: new Metrics(),
    checkOutputs: options.checkOutputs ?? false,
    handlers: allHandlers,
  };
  installCardProviders(services, {
    db,
    log,
    appSecret: secret,
    settingsOf: (companyId) => providerSettingsOf(services, companyId),
    stripeApi: config.stripeApi,
    receive: (companyId, body, signature) => receivePaymentEvent(services, companyId, body, signature),
  });

  await loadRecentRevocations(services);
  installFailureHandler(app);
  installRequestLog(app, services.metrics);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 50 } });
  registerCalls(app, services, allHandlers);

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await db.$client.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ code: 503, message: 'The database is not reachable.' });
    }
  });
  installMetricsRoute(app, services.metrics, config.metricsToken);
  installFileRoutes(app, services.files);
  installPaymentWebhook(app, services);
  const hub = new LiveHub(services.bus, db);
  services.metrics.readFrom({ db, sockets: () => hub.size });
  await installLiveSocket(app, services, hub, new PositionWriter(db, services.bus));
  defineNotificationJobs(services);
  defineAccountJobs(services);
  defineCardPaymentJobs(services);
  defineInvoiceJobs(services);
  defineDriverPayJobs(services);
  defineReportJobs(services);
  await services.jobs.start();
  app.addHook('onClose', startOfferExpiry(services));
  app.addHook('onClose', startRunResume(services, [invoiceRunKind, driverPayRunKind]));
  app.addHook('onClose', startNearPickupWatch(services));
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    closeChannels(services);
    hub.close();
    revocations.close();
    services.abilities.close();
    await services.bus.close();
    await attempts.close();
  });
  await installDocs(app);
  installCompanyManifests(app, db);
  await installWeb(app, config.webDist, brandingDir);
  return { app, services };
}
