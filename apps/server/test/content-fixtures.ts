import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Runtime } from '../src/core/runtime.js';
import { bearer, type MatrixActor, seedMatrix, seedSiteWithRoles } from './identity-fixtures.js';

export type Caller = MatrixActor | 'anonymous';

/** A site with one user of every role, and a way to call the API as any of them. */
export interface ContentSite {
  siteId: number;
  host: string;
  users: Awaited<ReturnType<typeof seedMatrix>>;
  call(
    caller: Caller,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

export async function seedContentSite(
  app: FastifyInstance,
  runtime: Runtime,
  host: string,
): Promise<ContentSite> {
  const { siteId, roles } = await seedSiteWithRoles(runtime, host);
  const users = await seedMatrix(runtime, siteId, roles, host);
  return {
    siteId,
    host,
    users,
    call: (caller, method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { host, ...(caller === 'anonymous' ? {} : bearer(users[caller].token)) },
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      }),
  };
}
