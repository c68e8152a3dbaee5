import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let url: URL;
/** A source of images on loopback, counting the requests that reach it. */
let files: Server;
let photoUrl: string;
let downloads = 0;

// Budgets are per user: each test spends its own user's.
beforeAll(async () => {
  const photo = await phoneJpeg(64, 48);
  files = createServer((_request, response) => {
    downloads += 1;
    response.end(photo);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  photoUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/buoy.jpg`;
  t = await createTestApp({ RATE_LIMIT_GENERAL: '8', RATE_LIMIT_SEARCH: '2', RATE_LIMIT_UPLOAD: '2' });
  a = await seedContentSite(t.app, t.runtime, '127.0.0.1');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/mcp`);
});

afterAll(async () => {
  await t.close();
  files.close();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'limits-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** How an attempt ended: answered, refused by the protocol, or refused for the rate limit. */
function outcomeOf(attempt: Promise<unknown>): Promise<'answered' | 'refused' | 'rate_limited'> {
  return attempt.then(
    () => 'answered',
    (error: unknown) => (/rate_limited/.test(String(error)) ? 'rate_limited' : 'refused'),
  );
}

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

  it('charges general for what is refused without a REST request: no tool, a hidden tool, no resource', async () => {
    const client = await connect(a.users.contributor.token);
    const attempts = [
      () => client.callTool({ name: 'no_such_tool', arguments: {} }),
      // Not shown to a Contributor.
      () => client.callTool({ name: 'post_publish', arguments: { id: 1 } }),
      () => client.readResource({ uri: 'tessera://nowhere' }),
    ];
    const outcomes: string[] = [];
    for (let i = 0; i < 12 && outcomes.at(-1) !== 'rate_limited'; i++)
      outcomes.push(await outcomeOf(attempts[i % attempts.length]?.() ?? Promise.resolve()));
    // Connecting spent two or three of the 8 (initialize, its notification, perhaps the event
    // stream's GET); each refusal one more, then the 429.
    expect(outcomes.at(-1)).toBe('rate_limited');
    const refused = outcomes.slice(0, -1);
    expect(refused.every((outcome) => outcome === 'refused')).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeLessThanOrEqual(6);
    // A relayed call is its route's to charge, never general as well: a search still answers.
    const search = await client.callTool({ name: 'search', arguments: { q: 'harbour' } });
    expect(search.isError).not.toBe(true);
    await client.close();

    // A call that would relay but is refused by the transport before it runs (no Accept for the
    // event stream) made no REST request: it costs general too.
    const refusedByTransport = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: {
        host: '127.0.0.1',
        authorization: `Bearer ${a.users.author.token}`,
        accept: 'application/json',
      },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { q: 'x' } },
      },
    });
    expect(refusedByTransport.statusCode).toBe(406);
    expect(refusedByTransport.headers['x-ratelimit-limit']).toBe('8');
    expect(refusedByTransport.headers['x-ratelimit-remaining']).toBe('7');
  });

  it('charges an upload from a URL to upload once, before its download', async () => {
    const allowed = await a.call('super_admin', 'PUT', '/api/settings/media', {
      allow_private_sources: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const client = await connect(a.users.admin.token);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++)
      outcomes.push(
        await outcomeOf(
          client.callTool({ name: 'media_upload_from_url', arguments: { url: photoUrl } }).then((result) => {
            if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
          }),
        ),
      );
    // Two a minute: both uploads count once each (charged before the download, the upload route's
    // own request prepaid), and the four after them never reach the source.
    expect(outcomes).toEqual(['answered', 'answered', ...Array(4).fill('rate_limited')]);
    expect(downloads).toBe(2);
    await client.close();
  });
});
