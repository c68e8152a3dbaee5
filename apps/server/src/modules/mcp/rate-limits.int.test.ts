import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let url: URL;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '8', RATE_LIMIT_SEARCH: '2' });
  a = await seedContentSite(t.app, t.runtime, '127.0.0.1');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/mcp`);
});

afterAll(() => t.close());

describe('rate limits over MCP', () => {
  it("charge a tool call to its REST route's group once, and other messages to general", async () => {
    const client = new Client({ name: 'limits-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${a.users.editor.token}` } },
    });
    // initialize, its notification and the client's GET for an event stream: three general requests.
    await client.connect(transport);
    const search = () => client.callTool({ name: 'search', arguments: { q: 'harbour' } });
    expect((await search()).isError).not.toBe(true);
    expect((await search()).isError).not.toBe(true);
    // The search group (2 a minute) is spent; the general budget is not touched by searches.
    expect((await search()).structuredContent).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await client.callTool({ name: 'post_list', arguments: {} })).isError).not.toBe(true);
    // Every tools/list costs one general request: the connection and the post list spent some of
    // the 8 already, so fewer than 8 lists get through before the 429.
    let listed = 0;
    let refusal: unknown = null;
    while (!refusal && listed < 10)
      await client.listTools().then(
        () => listed++,
        (error: unknown) => {
          refusal = error;
        },
      );
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(8);
    expect(String(refusal)).toMatch(/rate_limited/);
    await client.close();
  });
});
