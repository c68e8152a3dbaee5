import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { activityOf } from '../../../test/identity-fixtures.js';

const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedContentSite(t.app, t.runtime, 'stdio.test');
});

afterAll(() => t.close());

/** `tessera mcp` in a child process on the test database, driven by the SDK's stdio client. */
async function spawnMcp(token: string, site: string): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--site', site, '--token-env', 'TESSERA_TEST_TOKEN'],
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        REDIS_URL: '',
        ...t.database.env,
        TESSERA_TEST_TOKEN: token,
      },
      stderr: 'pipe',
    }),
  );
  return client;
}

describe('tessera mcp (stdio)', () => {
  it('serves the same tools with the token from the environment, recorded as the stdio client', {
    timeout: 60_000,
  }, async () => {
    const client = await spawnMcp(a.users.contributor.token, String(a.siteId));
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('post_create');
      expect(names).not.toContain('post_publish');
      const created = await client.callTool({ name: 'post_create', arguments: { title: 'From a terminal' } });
      expect(created.isError).not.toBe(true);
      expect(created.structuredContent).toMatchObject({
        data: { status: 'draft', author_id: a.users.contributor.id },
      });
    } finally {
      await client.close();
    }
    const calls = await activityOf(t.runtime, a.siteId, 'mcp.tool_called');
    expect(calls.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ tool: 'post_create', client: 'mcp:stdio-test', ok: true }),
    ]);
  });

  it('answers a bad token with the JSON-RPC error of the endpoint', { timeout: 60_000 }, async () => {
    await expect(spawnMcp('not-a-token', 'stdio.test')).rejects.toThrow(/401 invalid_token/);
  });
});
