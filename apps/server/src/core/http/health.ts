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
      schema: { tags: ['health'], summary: 'The database is reachable', response: { 200: Status } },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(runtime.data.global);
        return { data: { status: 'ready' }, meta: {} };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return sendError(reply, 503, { message: 'The database is not reachable.', code: 'not_ready' });
      }
    },
  );
}
