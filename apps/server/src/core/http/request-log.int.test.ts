import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, seedSite, type TestDatabase } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { prepareRuntime } from '../../lifecycle.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { createRuntime, type Runtime } from '../runtime.js';

/** Everything the logger writes, line by line. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): string[] {
    return this.text.split('\n').filter(Boolean);
  }
}

let opened: { app: FastifyInstance; runtime: Runtime; database: TestDatabase } | null = null;
afterEach(async () => {
  await opened?.app.close();
  await opened?.runtime.close();
  await opened?.database.drop();
  opened = null;
});

async function appLoggingTo(output: Captured, pretty: boolean): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_PRETTY: String(pretty),
    ...database.env,
  });
  const runtime = createRuntime(config, { log: createLogger(config, output) });
  await prepareRuntime(runtime);
  await seedSite(runtime, 'logs.test');
  const app = await buildApp(runtime);
  opened = { app, runtime, database };
  return app;
}

describe('the request log', () => {
  it('writes one pretty line per request, without the secret of a setup link', async () => {
    const output = new Captured();
    const app = await appLoggingTo(output, true);
    const res = await app.inject({
      url: '/admin/setup?token=s3cr3t-setup-token',
      headers: { host: 'logs.test' },
    });
    const id = String(res.headers['x-request-id']);
    const lines = output.lines().filter((line) => line.includes(id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /admin/setup?token=[redacted] 200');
    expect(output.text).not.toContain('s3cr3t-setup-token');
  });

  it('writes one JSON line per request, its URL redacted', async () => {
    const output = new Captured();
    const app = await appLoggingTo(output, false);
    const res = await app.inject({ url: '/api/site?reset_token=r3set&x=1', headers: { host: 'logs.test' } });
    const entries = output
      .lines()
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === res.headers['x-request-id']);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      req: { method: 'GET', url: '/api/site?reset_token=[redacted]&x=1', host: 'logs.test' },
      res: { statusCode: 200 },
    });
    expect(output.text).not.toContain('r3set');
  });
});
