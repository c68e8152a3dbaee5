import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Runtime } from '../runtime.js';
import type { App } from './app-type.js';
import { Envelope } from './envelope.js';
import { sendError } from './error-handler.js';

const Status = Envelope(Type.Object({ status: Type.String() }));
const probe = { permission: 'public', site: 'none', rateLimit: 'none' } as const;

/** Liveness and readiness probes for orchestrators and load balancers; never rate limited. */
export async function healthRoutes(app: App, runtime: Runtime): Promise<void> {
  app.get(
    '/healthz',
    {
      config: probe,
      schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Status } },
    },
    async () => ({ data: { status: 'ok' }, meta: {} }),
  );

  app.get(
    '/readyz',
    {
      config: probe,
      schema: {
        tags: ['health'],
        summary: 'The database, and Redis when REDIS_URL is set, are reachable',
        response: { 200: Status },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(runtime.data.global);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database');
        return sendError(reply, 503, { message: 'The database is not reachable.', code: 'not_ready' });
      }
      try {
        await runtime.rateLimits.ready();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: rate-limit store');
        return sendError(reply, 503, {
          message: 'The rate-limit store (REDIS_URL) is not reachable.',
          code: 'not_ready',
        });
      }
      return { data: { status: 'ready' }, meta: {} };
    },
  );
}
