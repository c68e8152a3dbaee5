import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { PASSWORD, seedSiteWithRoles, seedUser } from '../test/identity-fixtures.js';
import { loadConfig } from './core/config.js';
import { startServer } from './main.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, '127.0.0.1');
  await seedUser(t.runtime, siteId, roles, { email: 'editor@example.test', role: 'editor' });
});
afterAll(() => t.close());

/** `tessera serve` on the test's database, on a free port, without the in-process worker. */
function start(print: (line: string) => void) {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', JOBS_IN_PROCESS: 'false' };
  return startServer(loadConfig({ ...env, ...t.database.env }), { print });
}

it('stopping the server lets an in-flight request finish and refuses new ones', async () => {
  const banner: string[] = [];
  const server = await start((line) => banner.push(line));
  expect(banner[0]).toMatch(/^Tessera is listening on http:\/\/127\.0\.0\.1:\d+$/);
  expect(banner).toContain('Site "Site 127.0.0.1" answers on 127.0.0.1, localhost, [::1].');
  // Hold a login inside its handler until the test has asked the server to stop.
  let entered = () => {};
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.runtime.hooks.addAction(
    'auth.before_login',
    async () => {
      entered();
      await gate;
    },
    { owner: 'test' },
  );

  const inFlight = fetch(`${server.address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'editor@example.test', password: PASSWORD }),
  });
  await inHandler;
  const stopping = server.stop();
  release();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect((await response.json()).data.user.email).toBe('editor@example.test');
  await stopping;
  await expect(fetch(`${server.address}/healthz`)).rejects.toThrow();
});

it('keeps an idle connection open longer than a proxy would (72 s), and still stops at once', async () => {
  const server = await start(() => {});
  expect(server.app.server.keepAliveTimeout).toBe(72_000);
  // A client holding a kept-alive connection open does not hold the stop.
  const agent = new http.Agent({ keepAlive: true });
  const status = await new Promise<number | undefined>((resolve, reject) =>
    http
      .get(`${server.address}/healthz`, { agent }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode));
      })
      .on('error', reject),
  );
  expect(status).toBe(200);
  const stopped = await Promise.race([
    server.stop().then(() => 'stopped'),
    new Promise((resolve) => setTimeout(resolve, 10_000, 'still open')),
  ]);
  expect(stopped).toBe('stopped');
  agent.destroy();
});
