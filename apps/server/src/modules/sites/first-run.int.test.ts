import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { failureLine } from '../../cli/context.js';
import { prepareFirstRun } from './first-run.js';

const PASSWORD = 'correct horse battery staple';
let t: TestContext | null = null;

afterEach(async () => {
  await t?.close();
  t = null;
});

async function appWith(env: Record<string, string>): Promise<TestContext> {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '10000', ...env });
  return t;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('first start on an empty database', () => {
  it('installs from TESSERA_ADMIN_EMAIL and TESSERA_ADMIN_PASSWORD on the PUBLIC_URL host', async () => {
    const { runtime, app } = await appWith({
      TESSERA_ADMIN_EMAIL: 'root@example.test',
      TESSERA_ADMIN_PASSWORD: PASSWORD,
    });
    const lines: string[] = [];
    const outcome = await prepareFirstRun(runtime, (line) => lines.push(line));
    expect(outcome.kind).toBe('installed_now');
    expect(lines).toEqual([
      'Tessera is installed: sign in at http://127.0.0.1:3000/admin as root@example.test.',
    ]);

    const site = await app.inject({ url: '/api/site', headers: { host: '127.0.0.1:3000' } });
    expect(site.json().data).toMatchObject({ name: 'Tessera', primary_domain: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: '127.0.0.1' },
      payload: { email: 'root@example.test', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.is_super_admin).toBe(true);

    // A restart finds it installed and prints nothing.
    expect(await prepareFirstRun(runtime, (line) => lines.push(line))).toEqual({ kind: 'installed_before' });
    expect(lines).toHaveLength(1);
  });

  it('without them prints a one-time setup link whose token works with POST /api/setup', async () => {
    const { runtime, app } = await appWith({ PUBLIC_URL: 'https://cms.example.test' });
    const lines: string[] = [];
    const outcome = await prepareFirstRun(runtime, (line) => lines.push(line));
    if (outcome.kind !== 'setup_required') throw new Error(`unexpected ${outcome.kind}`);
    expect(outcome.url).toBe(`https://cms.example.test/admin/setup?token=${outcome.token}`);
    expect(lines[0]).toBe(
      `Tessera is not installed. Open this link within 24 hours to set it up: ${outcome.url}`,
    );
    expect(lines[1]).toContain('POST https://cms.example.test/api/setup');

    const token = new URL(outcome.url).searchParams.get('token');
    const res = await app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { host: 'cms.example.test' },
      payload: {
        token,
        site_name: 'CMS',
        domain: 'cms.example.test',
        admin_email: 'me@example.test',
        admin_password: PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await app.inject({ url: '/api/site', headers: { host: 'cms.example.test' } })).statusCode).toBe(
      200,
    );
  });

  it('stops on a bad TESSERA_ADMIN_PASSWORD with one line naming the variable, and writes nothing', async () => {
    const { runtime } = await appWith({
      TESSERA_ADMIN_EMAIL: 'root@example.test',
      TESSERA_ADMIN_PASSWORD: 'short',
    });
    const error = await failureOf(prepareFirstRun(runtime, () => {}));
    expect(failureLine(error)).toBe('TESSERA_ADMIN_PASSWORD: Must be at least 10 characters.');
    expect(await runtime.siteStore.count()).toBe(0);
    const users = await runtime.data.global.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
  });

  it('stops when only one of the two variables is set', async () => {
    const { runtime } = await appWith({ TESSERA_ADMIN_EMAIL: 'root@example.test' });
    const error = await failureOf(prepareFirstRun(runtime, () => {}));
    expect(failureLine(error)).toMatch(/^TESSERA_ADMIN_PASSWORD: /);
  });
});
