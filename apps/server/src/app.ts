/**
 * Builds the Fastify application from a configuration and an open database. It never
 * listens: main.ts does, and tests drive it through app.inject.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { errorWithoutQueryValues } from './lib/logged-error';
import type { Database } from './db/client';
import { HTTP_TIME_LIMITS, httpTimeLimitOptions, type HttpTimeLimits } from './http-time-limits';
import { authPlugin, requireAccessDeclarations } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { httpCachingPlugin } from './plugins/http-caching';
import { drainConnectionsPlugin } from './plugins/drain-connections';
import { inFlightPlugin } from './plugins/in-flight';
import { RequestLog } from './plugins/request-log';
import { mailPlugin } from './modules/mail/mail.plugin';
import { docsPlugin } from './plugins/docs';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { apiModules, pageModules } from './modules/index';
import { catalogAnswersPlugin } from './modules/catalog/catalog-answers';
import { imageUrlFor, type ImageUrl } from './lib/image-urls';
import { createImageStore } from './modules/media/create-image-store';
import type { ImageStore } from './modules/media/image-store';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where log lines go; standard output unless given (tests read them back). */
  logStream?: DestinationStream;
  /** Shorter time limits for clients than HTTP_TIME_LIMITS (tests wait less). */
  httpTimeLimits?: Partial<HttpTimeLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Where pictures are kept: the disk or an S3-compatible store (modules/media). */
    images: ImageStore;
    /** A stored picture's URL in answers and pages: the app's path, or S3_PUBLIC_URL's. */
    imageUrl: ImageUrl;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp({
  config,
  database,
  logStream,
  httpTimeLimits,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: { err: errorWithoutQueryValues },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.verificationToken',
          '*.currentPassword',
          '*.emailCode',
        ],
        censor: '[redacted]',
      },
    },
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    ...httpTimeLimitOptions({ ...HTTP_TIME_LIMITS, ...httpTimeLimits }),
    // The client's address is the socket's unless TRUST_PROXY names the proxies in front.
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors Fastify raises before routing (a path parameter too long, a malformed URL) get the
    // same JSON error shape as everything else, without echoing the request back.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send({
        success: false,
        message: status === 414 ? 'The address is too long.' : 'The request is not valid.',
        code: 'VALIDATION',
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const images = createImageStore(config, app.log);
  app.decorate('images', images);
  app.addHook('onClose', async () => images.close());
  app.decorate('imageUrl', imageUrlFor(config.s3?.publicUrl));

  if (config.sqlStatementHeader) countStatements(app, database);
  // First, so that it sees every route as it is added.
  await app.register(inFlightPlugin);
  await app.register(drainConnectionsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(httpCachingPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(docsPlugin);
  await app.register(catalogAnswersPlugin);

  await app.register(
    async (api) => {
      await requireAccessDeclarations(api);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  for (const module of pageModules) await app.register(module);
  await app.register(webAppPlugin);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count N says the app is reached only through N
 * proxies, each appending the address it saw to X-Forwarded-For: the client is the Nth address
 * from the right, and whatever a client wrote further left is ignored. (Fastify reads a bare
 * number as "trust nothing", so the count goes in as the function proxy-addr calls per hop.)
 */
function trustedProxies(
  trust: Config['trustProxy'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * For the benchmark: the number of SQL statements a request issued. Exact only when requests
 * do not overlap, which is how the benchmark measures it.
 */
function countStatements(app: FastifyInstance, database: Database) {
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    started.set(request, database.statements());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-sql-statements', String(database.statements() - (started.get(request) ?? 0)));
  });
}
