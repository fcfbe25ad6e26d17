import fs from 'node:fs';

import { LIMITS } from '@comped/shared/limits';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

import type { Config } from './config';
import { fastifyTrustProxy } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedBase } from './db/seed-base';
import { JobQueue } from './jobs/queue';
import { Clock } from './lib/clock';
import { LiveBus } from './lib/live-bus';
import { loggerOptions } from './lib/logger';
import { LocalStorage } from './lib/storage/local-storage';
import { S3Storage } from './lib/storage/s3-storage';
import type { Storage } from './lib/storage/storage';
import { SvgRasteriser } from './lib/svg-raster';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { mediaBookingRoutes } from './modules/bookings/media-booking.routes';
import { slotsRoutes } from './modules/bookings/slots.routes';
import { brandsRoutes } from './modules/brands/brands.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { ensureCalendarFeedKey } from './modules/calendar/feed-tokens';
import { campaignReviewRoutes } from './modules/campaigns/campaign-review.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { contentRoutes } from './modules/content/content.routes';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { influencersRoutes } from './modules/influencers/influencers.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { marketplaceHealthRoutes } from './modules/marketplace-health/marketplace-health.routes';
import { membersRoutes } from './modules/members/members.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pushRoutes } from './modules/push/push.routes';
import { ensureVapidKeys } from './modules/push/vapid-keys';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { testingRoutes } from './modules/testing/testing.routes';
import { assertAuthOnRequest } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerFiles } from './plugins/files';
import { registerLifecycle } from './plugins/lifecycle';
import { createRouteDocumenter, registerOpenApi } from './plugins/openapi';
import { registerRequestHygiene } from './plugins/request-hygiene';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { registerJobs } from './register-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route as registered (`GET /api/v1/brands/:id`): the authorization matrix test reads it. */
    registeredRoutes: string[];
    /** `GET /api/v1/x 200` for each answer zod still writes (plugins/response-serializer.ts): a test reads it. */
    responsesKeptOnZod: string[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open (and migrated) database; tests pass theirs. Else one is opened from config. */
  database?: Database;
  clock?: Clock;
  storage?: Storage;
  logger?: boolean;
  /** False: do not create the first staff account (`seed:demo` leaves it to the server's first start). */
  seedStaff?: boolean;
}

/** Builds the whole app (API, files, web) without listening: used by server.ts and by tests. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // In-flight requests finish on close; new ones are answered 503 (graceful shutdown).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
    // TRUST_PROXY: whose X-Forwarded-For sets request.ip (rate limits, logs); off by default.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by a serializer compiled from each response schema, without validating them
  // again; the tests run zod's serializer next to it and fail where the two differ (ADR 025).
  const responsesKeptOnZod: string[] = [];
  app.decorate('responsesKeptOnZod', responsesKeptOnZod);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      mode: config.env === 'test' ? 'checked' : 'compiled',
      log: app.log,
      keptOnZod: responsesKeptOnZod,
    }),
  );
  registerErrorHandling(app);
  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  // Added before any route registers, so it sees every one: requireAuth must sit in onRequest, then
  // each documented route gets its security, operationId and error answers (plugins/openapi.ts).
  const documentRoute = createRouteDocumenter();
  app.addHook('onRoute', (route) => {
    assertAuthOnRequest(route as Parameters<typeof assertAuthOnRequest>[0]);
    documentRoute(route);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
    }
  });
  registerLifecycle(app);
  registerRequestHygiene(app);

  let database = opts.database;
  const ownsDatabase = !database;
  if (!database) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: (message) => app.log.warn(message),
    });
  }
  const clock = opts.clock ?? new Clock();
  const storage = opts.storage ?? (config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir));
  const jobs = new JobQueue(database.db, clock, app.log, { leaseMs: config.jobLeaseMs });
  const svgRasteriser = new SvgRasteriser(config.svgRaster);
  const live = new LiveBus(database, app.log);
  const ctx: AppContext = { config, database, db: database.db, clock, jobs, storage, svgRasteriser, live };
  app.decorate('ctx', ctx);
  app.decorateRequest('authUser', null);
  app.decorateRequest('tokenId', null);

  // Migrate and seed under one lock: several nodes starting at once on a new database all come up.
  // The server-wide keys (VAPID, calendar feeds) are made here too, so every node uses the same ones.
  const seed = async () => {
    await seedBase(ctx, app.log, { staff: opts.seedStaff });
    await ensureVapidKeys(ctx, app.log);
    await ensureCalendarFeedKey(ctx);
  };
  if (ownsDatabase) await runMigrations(database, seed);
  else await seed();
  registerJobs(ctx);
  await live.start();

  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageBytes, files: 10, fields: 50, fieldSize: 256 * 1024 },
  });
  registerSecurityHeaders(app, config);
  await registerOpenApi(app);
  // Once shutdown has begun, requests still in flight are answered with `Connection: close`, so
  // their keep-alive sockets end with the response instead of holding the close open until the
  // keep-alive timeout (72 s).
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  await app.register(healthRoutes);
  const api = async (v1: FastifyInstance) => {
    await v1.register(authRoutes);
    await v1.register(adminRoutes);
    await v1.register(subscriptionsRoutes);
    await v1.register(brandsRoutes);
    await v1.register(locationsRoutes);
    await v1.register(campaignsRoutes);
    await v1.register(campaignReviewRoutes);
    await v1.register(discoveryRoutes);
    await v1.register(bookingsRoutes);
    await v1.register(mediaBookingRoutes);
    await v1.register(tasksRoutes);
    await v1.register(influencersRoutes);
    await v1.register(insightsRoutes);
    await v1.register(pushRoutes);
    await v1.register(calendarRoutes);
    await v1.register(conversationsRoutes);
    await v1.register(notificationsRoutes);
    await v1.register(eventsRoutes);
    await v1.register(membersRoutes);
    await v1.register(directoryRoutes);
    await v1.register(invitationsRoutes);
    await v1.register(contentRoutes);
    await v1.register(slotsRoutes);
    await v1.register(marketplaceHealthRoutes);
    if (config.testClock) await v1.register(testingRoutes);
  };
  await app.register(api, { prefix: '/api/v1' });
  registerFiles(app);
  await registerWeb(app, config.webDist);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await live.close();
    svgRasteriser.close();
    if (storage instanceof S3Storage) storage.destroy();
    if (ownsDatabase) await database.close();
  });
  return app;
}
