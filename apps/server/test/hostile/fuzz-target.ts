import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { activatePlugin, installPlugin } from '../../src/core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../src/lifecycle.js';
import { SESSION_COOKIE } from '../../src/modules/identity/auth/repo-sessions.js';
import { identityOf } from '../../src/modules/identity/identity.js';
import { createTestApp, seedSite, type TestContext } from '../harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser, signIn } from '../identity-fixtures.js';
import { type DatabaseDigest, databaseDigester } from './database-digest.js';
import type { Answer } from './envelope-shape.js';
import type { HostileRequest } from './hostile-requests.js';
import { type Operation, operationsOf } from './openapi-operations.js';

const HOST = 'fuzz.test';
const GUESTBOOK = fileURLToPath(new URL('../../../../examples/plugin-guestbook', import.meta.url));

/** An app on a fresh database, a Super Admin signed in both ways, and the operations to drive. */
export interface FuzzTarget {
  operations: Operation[];
  /** Ids that name rows, so some requests reach a handler's "found" path. */
  knownIds: readonly number[];
  /** Status 0 when the connection was cut instead of answered. */
  send(request: HostileRequest): Promise<Answer>;
  digest(): Promise<DatabaseDigest>;
  /** After a request that changed something: signs in again if it ended the fuzzer's own access. */
  keepAccess(): Promise<void>;
  /** Writes a row and takes it back, for the self-check that the digest sees writes. */
  touchDatabase(): Promise<{ during: DatabaseDigest; after: DatabaseDigest }>;
  close(): Promise<void>;
}

interface Access {
  userId: number;
  token: string;
  cookie: string;
  csrf: string;
}

export async function startFuzzTarget(): Promise<FuzzTarget> {
  // Limits high enough that the fuzzer meets the handlers, not the limiter; no worker, so nothing
  // changes the database between two requests but the requests themselves.
  const t: TestContext = await createTestApp(
    {
      RATE_LIMIT_GENERAL: '1000000',
      RATE_LIMIT_UPLOAD: '1000000',
      RATE_LIMIT_SEARCH: '1000000',
      JOBS_IN_PROCESS: 'false',
    },
    {
      // The example plugin's routes are in the document too, so plugin routes meet the same input.
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, GUESTBOOK, await allMigrationSources(runtime));
      },
    },
  );
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, HOST);
  const site = await t.runtime.siteStore.findById(siteId);
  if (!site) throw new Error(`site ${HOST} missing`);
  await activatePlugin(t.runtime, 'guestbook', site);
  await seedSiteWithRoles(t.runtime, 'elsewhere.test');
  const editor = await seedUser(t.runtime, siteId, roles, { email: 'editor@fuzz.test', role: 'editor' });
  let admins = 0;
  /** A new Super Admin signed in through the real login route: for when the last one lost its rights. */
  async function freshAdmin(): Promise<Access> {
    admins += 1;
    const email = `root${admins}@defended.test`;
    const userId = await seedUser(t.runtime, siteId, roles, { email, role: 'super_admin' });
    const session = await signIn(t.app, HOST, email);
    return { userId, token: await seedToken(t.runtime, userId), ...session };
  }
  /** A new session for the same admin (after a logout), without paying a password check. */
  async function freshSession(userId: number): Promise<{ cookie: string; csrf: string }> {
    const { cookie, session } = await identityOf(t.runtime).sessions.start(userId, siteId, {
      ip: null,
      userAgent: null,
    });
    return { cookie: `${SESSION_COOKIE}=${cookie}`, csrf: session.csrf_token };
  }
  let access = await freshAdmin();
  const knownIds = [1, 2, 3, editor, ...roles.values()];

  const response = await t.app.inject({ url: '/api/openapi.json', headers: { host: HOST } });
  const operations = operationsOf(response.json());
  const digest = await databaseDigester(
    t.runtime.database.kysely as unknown as Kysely<unknown>,
    t.runtime.database.engine.name,
  );

  const works = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/users?limit=1', headers: { host: HOST, ...headers } })).statusCode ===
    200;

  return {
    operations,
    knownIds,
    async send(request) {
      const headers: Record<string, string> = { host: HOST };
      if (request.credentials === 'token') Object.assign(headers, bearer(access.token));
      if (request.credentials === 'session') {
        headers.cookie = access.cookie;
        headers['x-csrf-token'] = access.csrf;
      }
      if (request.contentType !== null) headers['content-type'] = request.contentType;
      Object.assign(headers, request.headers);
      try {
        const res = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          payload: request.payload,
          remoteAddress: request.remoteAddress,
        });
        return {
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
        };
      } catch (error) {
        // An answer cut mid-stream (a failure after the status line went out) is an answer too.
        return { status: 0, contentType: '', body: `connection cut: ${(error as Error).message}` };
      }
    },
    digest,
    async keepAccess() {
      if (!(await works(bearer(access.token)))) access = await freshAdmin();
      else if (!(await works({ cookie: access.cookie })))
        access = { ...access, ...(await freshSession(access.userId)) };
    },
    async touchDatabase() {
      const id = await seedSite(t.runtime, 'touched.test');
      const during = await digest();
      await t.runtime.data.global.deleteFrom('site_domains').where('site_id', '=', id).execute();
      await t.runtime.data.global.deleteFrom('sites').where('id', '=', id).execute();
      return { during, after: await digest() };
    },
    close: () => t.close(),
  };
}
