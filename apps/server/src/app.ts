import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import helmet from 'helmet';
import { installAnswerCaching } from './core/http/answer-caching.js';
import type { App } from './core/http/app-type.js';
import { answerParserError, answerRouterError } from './core/http/client-errors.js';
import { acceptEmptyJsonOnDelete } from './core/http/empty-body.js';
import { installErrorHandler } from './core/http/error-handler.js';
import { FastLane } from './core/http/fast-lane.js';
import { healthRoutes } from './core/http/health.js';
import { installInputGuard } from './core/http/input-guard.js';
import { registerOpenApi } from './core/http/openapi.js';
import { installRateLimits } from './core/http/rate-limit/install-rate-limits.js';
import { installationLimiter } from './core/http/rate-limit/rate-limiter.js';
import { RequestLog } from './core/http/request-log.js';
import { installRouteTable } from './core/http/route-table.js';
import { sharedSchemaCompilers } from './core/http/schema-compilers.js';
import { restrictDateTimeFormat } from './core/http/timestamp-format.js';
import { setupModules } from './core/modules/module.js';
import type { Runtime } from './core/runtime.js';
import { installSiteResolution } from './core/sites/resolve-site.js';
import { installAuthentication, installAuthorization } from './modules/identity/auth/hooks.js';
import { modules } from './modules/index.js';

/**
 * Builds the HTTP application on a runtime, without listening: production (main.ts) and the tests
 * use the same function, the tests through `app.inject()`.
 */
export async function buildApp(runtime: Runtime): Promise<App> {
  const { config } = runtime;
  const trustProxy = parseTrustProxy(config.trustProxy);
  const fastLane = new FastLane(trustProxy);
  const app = Fastify({
    // Requests a fast-lane responder can answer (a cached page) never reach the router.
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (!fastLane.serve(request, response)) handler(request, response);
      });
      // Fastify's own keep-alive default, which it leaves unset with a server factory: with Node's
      // 5 s, a client (a proxy, Playwright's request context) reusing an idle connection as the
      // server closes it gets ECONNRESET, and a load balancer keeping connections 60 s answers 502.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    loggerInstance: runtime.log as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Fastify accepts a hop count too, though its overloads only list the other forms.
    trustProxy: trustProxy as boolean | string[],
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLog(),
    return503OnClosing: true,
    schemaController: { compilersFactory: sharedSchemaCompilers },
    ajv: {
      customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true },
      onCreate: restrictDateTimeFormat,
    },
    // What Node's parser or Fastify's router refuse is answered in the error envelope too.
    clientErrorHandler: answerParserError,
    frameworkErrors: answerRouterError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('fastLane', fastLane);
  // Set on stop (main.ts): readiness fails for the drain period. At the root, so every scope reads it.
  app.decorate('draining', false);
  installRouteTable(app);
  installErrorHandler(app);
  installInputGuard(app);
  // JSON only: any other body type gets 415 rather than a handler seeing a string it did not expect.
  app.removeContentTypeParser(['text/plain']);
  acceptEmptyJsonOnDelete(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Behind a proxy TRUST_PROXY does not name, every client has the proxy's address and shares one
  // rate-limit budget and one sign-in throttle: said once, at the first forwarded request.
  if (!config.trustProxy) {
    let told = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!told && request.headers['x-forwarded-for'] !== undefined) {
        told = true;
        request.log.warn(
          { peer: request.ip },
          `requests arrive with X-Forwarded-For from ${request.ip}, a proxy TRUST_PROXY does not name: every client behind it shares its address, its rate limits and its sign-in throttle; set TRUST_PROXY (README, Configuration)`,
        );
      }
      done();
    });
  }
  // On shutdown, answers still in flight close their connection: a client's keep-alive socket would
  // otherwise hold close() open for the whole keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Built once: @fastify/helmet rebuilt the middleware, and re-parsed the CSP, on every request.
  const securityHeaders = helmet({
    // Cross-origin reads are governed by CORS.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Helmet's default CSP minus upgrade-insecure-requests: on a plain-http install (a LAN, a
    // first start on 127.0.0.1) it would send the docs UI's scripts to an https port nobody serves.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    // The browsers' own default rather than helmet's no-referrer: other sites see only the origin
    // of a link, but the site itself sees where its visitors come from, which the language
    // redirect (a visitor already on the site keeps their choice) and analytics (views from one
    // page to another are not a source) read.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Headers for browsers that no longer exist (IE8's downloads, the XSS auditors every browser has
    // removed), and a DNS-prefetch ban that only slows visitors' next click: bytes on every answer.
    xDownloadOptions: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // CORS serves token clients on other origins; cookies are never sent cross-origin (credentials off),
  // so a foreign page cannot ride an admin session.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') {
      route.config = { ...(route.config ?? {}), permission: 'public', site: 'none', rateLimit: 'none' };
    }
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? [...config.corsOrigins] : false,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-csrf-token'],
    exposedHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after'],
    maxAge: 600,
  });
  await app.register(cookie);
  await registerOpenApi(app, config.publicUrl);
  const limiter = installationLimiter(runtime);
  installSiteResolution(app, runtime.sites, limiter);
  // Order matters: the limiter keys by the principal authentication sets, and a throttled client
  // should learn nothing about permissions. Refused hosts and credentials are charged where refused.
  installAuthentication(app, runtime, limiter);
  installRateLimits(app, limiter);
  installAuthorization(app);
  // After authorization: a kept answer is given only to whoever the route lets through.
  installAnswerCaching(app, runtime);

  await app.register(async (scope) => healthRoutes(scope, runtime));
  // Routes come after every module's setup: a route may rely on another module's permissions.
  await setupModules(runtime, modules);
  for (const module of modules) {
    const { routes } = module;
    if (routes) await app.register(async (scope) => routes(scope, runtime));
  }
  return app;
}

/** TRUST_PROXY: `true`, a hop count, or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(value: string | null): boolean | number | string[] {
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
