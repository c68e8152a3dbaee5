import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Runtime } from '../runtime.js';
import type { App } from './app-type.js';
import { Envelope } from './envelope.js';
import { sendError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set when the server is told to stop: readiness answers 503 for the drain period, so a load
     * balancer stops sending requests before the listener closes.
     */
    draining: boolean;
  }
}

const Alive = Envelope(Type.Object({ status: Type.String() }));
const Ready = Envelope(
  Type.Object({
    status: Type.Literal('ready'),
    checks: Type.Object({
      database: Type.Literal('ok'),
      redis: Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('not_configured')], {
        description:
          '`unreachable`: rate limits and sign-in throttling are counted per instance until Redis returns; the instance still serves',
      }),
    }),
  }),
);
const probe = { permission: 'public', site: 'none', rateLimit: 'none' } as const;

/**
 * Liveness and readiness probes for orchestrators and load balancers; never rate limited.
 * Liveness (`/healthz`) is the process answering: restart it when it does not. Readiness (`/readyz`)
 * is whether to send it requests: the database answers and it is not stopping. Redis is not
 * required to serve (limits count per instance while it is away), so its loss is reported, not
 * failed: a Redis outage must not take every instance out of the balancer at once.
 */
export async function healthRoutes(app: App, runtime: Runtime): Promise<void> {
  app.get(
    '/healthz',
    {
      config: probe,
      schema: { tags: ['health'], summary: 'The process is alive (liveness)', response: { 200: Alive } },
    },
    async () => ({ data: { status: 'ok' }, meta: {} }),
  );

  app.get(
    '/readyz',
    {
      config: probe,
      schema: {
        tags: ['health'],
        summary: 'The instance can serve (readiness): its database answers and it is not shutting down',
        description:
          '503 `not_ready` when the database does not answer, 503 `draining` for the drain period after SIGTERM (DRAIN_SECONDS). An unreachable Redis is reported in `checks`, not failed.',
        response: { 200: Ready },
      },
    },
    async (request, reply) => {
      if (app.draining)
        return sendError(reply, 503, { message: 'This instance is shutting down.', code: 'draining' });
      try {
        await sql`select 1`.execute(runtime.data.global);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database');
        return sendError(reply, 503, { message: 'The database is not reachable.', code: 'not_ready' });
      }
      let redis: 'ok' | 'unreachable' | 'not_configured' = 'not_configured';
      if (runtime.config.redisUrl)
        redis = await runtime.rateLimits.ready().then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        );
      return { data: { status: 'ready' as const, checks: { database: 'ok' as const, redis } }, meta: {} };
    },
  );
}
