import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { activityOf, signIn } from '../../../test/identity-fixtures.js';
import { activatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../lifecycle.js';

// A plugin that offers a tool, a resource and a prompt through the plugin context.
const pluginFolder = mkdtempSync(join(tmpdir(), 'tessera-mcp-plugin-'));
mkdirSync(pluginFolder, { recursive: true });
writeFileSync(
  join(pluginFolder, 'package.json'),
  JSON.stringify({
    name: 'fixture-sticky',
    version: '0.1.0',
    type: 'module',
    tessera: { plugin: 'sticky', entry: 'index.js' },
  }),
);
writeFileSync(
  join(pluginFolder, 'index.js'),
  `export default function setup(plugin) {
     const t = plugin.schema;
     plugin.mcp.tool('sticky_echo', { description: 'Echoes a note', permission: 'posts.view', readOnly: true,
       input: t.Object({ text: t.String({ maxLength: 20 }) }) },
       (ctx, input) => ({ echo: input.text, site: ctx.site.id, user: ctx.actor.userId }));
     plugin.mcp.resource('about', { description: 'About sticky notes', permission: 'authenticated' },
       () => ({ notes: 0 }));
     plugin.mcp.prompt('sticky_tidy', { description: 'Tidy the notes', permission: 'posts.view' },
       () => 'Tidy the sticky notes.');
     plugin.mcp.prompt('sticky_count', { description: 'Count the notes', permission: 'posts.view', readOnly: true },
       () => 'Count the sticky notes.');
     plugin.content.addFields(['post'], [{ key: 'mood', label: 'Mood', type: 'select',
       choices: [{ value: 'calm', label: 'Calm' }, { value: 'stormy', label: 'Stormy' }] }]);
   }`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let base: string;
let files: Server;
let photoUrl: string;
/** The post the create test makes on site a. */
let postId: number;
const clients: Client[] = [];

beforeAll(async () => {
  const photo = await phoneJpeg(320, 240);
  files = createServer((_request, response) => response.end(photo));
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  photoUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/lighthouse.jpg`;
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000', RATE_LIMIT_SEARCH: '100000' },
    {
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, pluginFolder, await allMigrationSources(runtime));
      },
    },
  );
  // Two sites on the two loopback names, so a client reaches each by its URL alone.
  a = await seedContentSite(t.app, t.runtime, '127.0.0.1');
  b = await seedContentSite(t.app, t.runtime, 'localhost');
  const siteA = await t.runtime.siteStore.findById(a.siteId);
  if (!siteA) throw new Error('site a missing');
  await activatePlugin(t.runtime, 'sticky', siteA);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await t.close();
  files.close();
});

/** The SDK's own client over Streamable HTTP, with a Bearer token, on site a or b. */
async function connect(token: string, site: 'a' | 'b' = 'a'): Promise<Client> {
  const url = new URL('/api/mcp', site === 'a' ? base : base.replace('127.0.0.1', 'localhost'));
  const client = new Client({ name: 'tessera-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

interface Structured {
  data: Record<string, unknown> & { id: number };
  status?: number;
  code?: string;
  errors?: Record<string, string[]>;
}

/** The text of a resource read. */
function textOf(read: Awaited<ReturnType<Client['readResource']>>): string {
  const [first] = read.contents;
  return first && 'text' in first ? first.text : '';
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, ...(result.structuredContent as unknown as Structured) };
}

describe('the MCP endpoint', () => {
  it('lists the tools the caller may use: a Contributor sees fewer than an Editor', async () => {
    const editor = await toolNames(await connect(a.users.editor.token));
    const contributor = await toolNames(await connect(a.users.contributor.token));
    expect(editor).toEqual(
      expect.arrayContaining([
        'post_create',
        'post_publish',
        'page_create',
        'term_create',
        'search',
        'sticky_echo',
      ]),
    );
    expect(contributor).toEqual(
      expect.arrayContaining(['post_create', 'post_update', 'post_list', 'search']),
    );
    for (const name of [
      'post_publish',
      'post_approve',
      'page_create',
      'term_create',
      'media_upload_from_url',
    ])
      expect(contributor).not.toContain(name);
    expect(contributor.length).toBeLessThan(editor.length);
  });

  it('marks reads and destructive tools in their annotations, with the route schemas as input', async () => {
    const { tools } = await (await connect(a.users.editor.token)).listTools();
    const tool = (name: string) => tools.find((candidate) => candidate.name === name);
    expect(tool('post_list')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of ['post_delete', 'post_delete_permanently', 'post_unpublish'])
      expect(tool(name)?.annotations?.destructiveHint, name).toBe(true);
    expect(tool('post_create')?.annotations?.readOnlyHint).toBe(false);
    const create = tool('post_create')?.inputSchema;
    expect(create?.required).toEqual(['title']);
    expect(create?.properties).toMatchObject({
      fields: { properties: { content: { type: 'string', contentMediaType: 'text/html' } } },
      terms: {
        properties: { category: { type: 'array' }, tag: { type: 'array' } },
        additionalProperties: false,
      },
    });
    expect(tool('post_list')?.inputSchema.properties).toHaveProperty('status');
  });

  it('creates a draft with fields and terms, answers a bad value with the 422 per field, publishes, finds it', async () => {
    const editor = await connect(a.users.editor.token);
    const term = await call(editor, 'term_create', { taxonomy: 'tag', name: 'Lighthouses' });
    expect(term.isError).toBe(false);
    const created = await call(editor, 'post_create', {
      title: 'Keepers of the lighthouse',
      fields: { content: '<p>The keepers lit the lamp each evening.</p>' },
      terms: { tag: [term.data.id] },
    });
    expect(created.isError, JSON.stringify(created)).toBe(false);
    expect(created.data).toMatchObject({ status: 'draft', terms: { tag: [term.data.id] } });
    postId = created.data.id;

    const refused = await call(editor, 'post_create', {
      title: 'Bad',
      fields: { content: 42, colour: 'red' },
    });
    expect(refused).toMatchObject({ isError: true, status: 422, code: 'validation_failed' });
    expect(refused.errors).toEqual({
      'fields.content': ['Expected HTML text.'],
      'fields.colour': ['This content type has no such field.'],
    });

    const published = await call(editor, 'post_publish', { id: created.data.id });
    expect(published.data.status).toBe('published');
    const found = await call(editor, 'search', { q: 'lighthouse keepers' });
    expect((found.data as unknown as Array<{ id: number }>).map((hit) => hit.id)).toContain(created.data.id);

    const entries = await activityOf(t.runtime, a.siteId);
    const calls = entries.filter((entry) => entry.action === 'mcp.tool_called');
    expect(calls.map((entry) => entry.subject_id)).toEqual(
      expect.arrayContaining(['term_create', 'post_create', 'post_publish', 'search']),
    );
    for (const entry of calls) expect(entry.details.client).toBe('mcp:tessera-test');
    expect(calls.find((entry) => entry.details.ok === false)?.details).toMatchObject({ status: 422 });
    // The operations' own entries are there too, by the token's user.
    const own = entries.filter((entry) => entry.subject_id === String(created.data.id));
    expect(own.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['post.created', 'post.published']),
    );
    expect(own.every((entry) => entry.user_id === a.users.editor.id)).toBe(true);
  });

  it('gives a new custom type its tools at once, with its fields, required keys and choices', async () => {
    const admin = await connect(a.users.admin.token);
    expect(await toolNames(admin)).not.toContain('product_create');
    const type = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'product',
      singular_label: 'Product',
      plural_label: 'Products',
      fields: [
        { key: 'price', label: 'Price', type: 'number', required: true, min: 0 },
        {
          key: 'size',
          label: 'Size',
          type: 'select',
          choices: [
            { value: 's', label: 'Small' },
            { value: 'l', label: 'Large' },
          ],
        },
      ],
    });
    expect(type.statusCode, type.body).toBe(201);
    const { tools } = await admin.listTools();
    const create = tools.find((tool) => tool.name === 'product_create');
    expect(create?.inputSchema.properties?.fields).toMatchObject({
      required: ['price'],
      properties: { price: { type: 'number', minimum: 0 }, size: { enum: ['s', 'l'] } },
    });
    const refused = await call(admin, 'product_create', { title: 'Lamp', fields: { price: -3, size: 'xl' } });
    expect(refused).toMatchObject({ isError: true, status: 422 });
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['fields.price', 'fields.size']);
  });

  it('uploads an image from a URL through the upload pipeline, refusing private addresses unless allowed', async () => {
    const editor = await connect(a.users.editor.token);
    // A bad address is the 422 on `url` the REST API gives for one (webhooks' url), not a 502.
    for (const [url, message] of [
      ['file:///etc/passwd', 'Must be an http or https URL.'],
      ['not a url', 'Must be an absolute http or https URL.'],
      ['', 'This field is required.'],
    ]) {
      const bad = await call(editor, 'media_upload_from_url', { url });
      expect(bad, url).toMatchObject({ isError: true, status: 422, code: 'validation_failed' });
      expect(bad.errors, url).toEqual({ url: [message] });
    }
    const refused = await call(editor, 'media_upload_from_url', { url: photoUrl });
    expect(refused).toMatchObject({ isError: true, status: 422, code: 'private_address' });
    expect(refused.errors?.url?.[0]).toContain('refused');

    const allowed = await a.call('super_admin', 'PUT', '/api/settings/media', {
      allow_private_sources: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const uploaded = await call(editor, 'media_upload_from_url', { url: photoUrl, title: 'Lighthouse' });
    expect(uploaded.isError, JSON.stringify(uploaded)).toBe(false);
    expect(uploaded.data).toMatchObject({ mime_type: 'image/webp', title: 'Lighthouse', alt_text: '' });

    const described = await call(editor, 'media_update_alt_text', {
      id: uploaded.data.id,
      alt_text: 'A lighthouse',
    });
    expect(described.data.alt_text).toBe('A lighthouse');
    const listed = await call(editor, 'media_list', { type: 'image' });
    expect((listed.data as unknown as Array<{ id: number }>).map((item) => item.id)).toContain(
      uploaded.data.id,
    );
    const item = await call(editor, 'media_get', { id: uploaded.data.id });
    expect(item.data).toMatchObject({ id: uploaded.data.id, alt_text: 'A lighthouse', title: 'Lighthouse' });
    expect(Object.keys(item.data.variants as object)).toEqual(expect.arrayContaining(['thumbnail', 'full']));
    await a.call('super_admin', 'PUT', '/api/settings/media', { allow_private_sources: false });

    // Every call is in the activity log with the client's name, refusals included.
    const calls = await activityOf(t.runtime, a.siteId, 'mcp.tool_called');
    const imports = calls.filter((entry) => entry.subject_id === 'media_upload_from_url');
    expect(imports.map((entry) => entry.details)).toEqual([
      ...Array.from({ length: 3 }, () =>
        expect.objectContaining({ ok: false, status: 422, code: 'validation_failed' }),
      ),
      expect.objectContaining({ ok: false, status: 422, code: 'private_address' }),
      expect.objectContaining({ ok: true }),
    ]);
    const alt = calls.filter((entry) => entry.subject_id === 'media_update_alt_text');
    expect(alt).toHaveLength(1);
    for (const entry of [...imports, ...alt]) {
      expect(entry.details.client).toBe('mcp:tessera-test');
      expect(entry.user_id).toBe(a.users.editor.id);
    }
    // Beside them, the upload's and the change's own entries, by the token's user.
    const own = (await activityOf(t.runtime, a.siteId)).filter(
      (entry) => entry.subject_id === String(uploaded.data.id) && entry.user_id === a.users.editor.id,
    );
    expect(own.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a tool the caller is not shown with the protocol's error, never a 500", async () => {
    const contributor = await connect(a.users.contributor.token);
    const refused = contributor.callTool({ name: 'post_publish', arguments: { id: 1 } });
    await expect(refused).rejects.toBeInstanceOf(McpError);
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    await expect(contributor.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  it('shows a token of another site nothing of this one', async () => {
    const fromB = await connect(b.users.editor.token, 'b');
    const listed = await call(fromB, 'post_list', {});
    expect(listed.data).toEqual([]);
    expect(await call(fromB, 'post_get', { id: postId })).toMatchObject({ isError: true, status: 404 });
    const found = await call(fromB, 'search', { q: 'lighthouse' });
    expect(found.data).toEqual([]);
    expect((await call(fromB, 'media_list', {})).data).toEqual([]);
    expect(await toolNames(fromB)).not.toContain('sticky_echo');
    // On site a's address, site b's token is not a credential at all.
    await expect(connect(b.users.editor.token, 'a')).rejects.toThrow(/invalid_token/);
  });

  it('takes API tokens only: a session cookie or a bad token is 401 in the error envelope', async () => {
    const session = await signIn(t.app, '127.0.0.1', a.users.editor.email);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { host: '127.0.0.1', accept: 'application/json, text/event-stream' };
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...headers, cookie: session.cookie },
      payload: initialize,
    });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json()).toMatchObject({ code: 'api_token_required', errors: {} });
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...headers, authorization: 'Bearer not-a-token' },
      payload: initialize,
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('offers only reading tools on a read-only site, and answers 404 where MCP is off', async () => {
    expect((await a.call('admin', 'PUT', '/api/settings/mcp', { read_only: true })).statusCode).toBe(200);
    const editor = await connect(a.users.editor.token);
    const { tools } = await editor.listTools();
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    await expect(editor.callTool({ name: 'post_create', arguments: { title: 'No' } })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    // Prompts that only read stay; those that ask for changes, a plugin's by default, go.
    const prompts = (await editor.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts).toEqual(expect.arrayContaining(['summarize_revision', 'sticky_count']));
    for (const name of ['draft_post', 'write_alt_text', 'sticky_tidy']) expect(prompts).not.toContain(name);
    await expect(editor.getPrompt({ name: 'sticky_tidy' })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    expect(
      (await a.call('admin', 'PUT', '/api/settings/mcp', { read_only: false, enabled: false })).statusCode,
    ).toBe(200);
    const off = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${a.users.editor.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(off.status).toBe(404);
    expect(await off.json()).toMatchObject({ code: 'mcp_disabled' });
    await a.call('admin', 'PUT', '/api/settings/mcp', { enabled: true });
  });

  it("offers a plugin's fields in the entry tools, checked as the REST API checks them", async () => {
    const editor = await connect(a.users.editor.token);
    const { tools } = await editor.listTools();
    const create = tools.find((candidate) => candidate.name === 'post_create')?.inputSchema;
    expect(create?.properties).toMatchObject({
      fields: { properties: { 'sticky.mood': { enum: ['calm', 'stormy'] } } },
    });
    const refused = await call(editor, 'post_create', { title: 'Squall', fields: { 'sticky.mood': 'wild' } });
    expect(refused).toMatchObject({ isError: true, status: 422 });
    expect(Object.keys(refused.errors ?? {})).toEqual(['fields.sticky.mood']);
    const created = await call(editor, 'post_create', {
      title: 'Squall',
      fields: { 'sticky.mood': 'stormy' },
    });
    expect(created.isError, JSON.stringify(created)).toBe(false);
    expect(created.data).toMatchObject({ fields: { 'sticky.mood': 'stormy' } });
  });

  it("lists and runs a plugin's tool, resource and prompt beside the core's", async () => {
    const editor = await connect(a.users.editor.token);
    const echoed = await call(editor, 'sticky_echo', { text: 'hello' });
    expect(echoed.data).toEqual({ echo: 'hello', site: a.siteId, user: a.users.editor.id });
    const invalid = await call(editor, 'sticky_echo', { text: 'x'.repeat(30) });
    expect(invalid).toMatchObject({ isError: true, status: 422 });
    expect(Object.keys(invalid.errors ?? {})).toEqual(['text']);
    const { resources } = await editor.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([
        'tessera://content-types',
        'tessera://blocks',
        'tessera://plugins/sticky/about',
      ]),
    );
    const about = await editor.readResource({ uri: 'tessera://plugins/sticky/about' });
    expect(JSON.parse(textOf(about))).toEqual({ notes: 0 });
    const { prompts } = await editor.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(
      expect.arrayContaining(['draft_post', 'write_alt_text', 'summarize_revision', 'sticky_tidy']),
    );
    const calls = await activityOf(t.runtime, a.siteId, 'mcp.tool_called');
    expect(calls.at(-1)?.details).toMatchObject({ tool: 'sticky_echo', plugin: 'sticky', ok: false });
  });

  it('reads the content types, the block registry and the settings as resources, and renders prompts', async () => {
    const editor = await connect(a.users.editor.token);
    const types = await editor.readResource({ uri: 'tessera://content-types' });
    const slugs = JSON.parse(textOf(types)).map((type: { slug: string }) => type.slug);
    expect(slugs).toEqual(expect.arrayContaining(['page', 'post']));
    const blocks = await editor.readResource({ uri: 'tessera://blocks' });
    expect(textOf(blocks)).toContain('heading');
    // Editors do not hold settings.view: the settings are not listed to them.
    const listed = (await editor.listResources()).resources.map((resource) => resource.uri);
    expect(listed).not.toContain('tessera://settings');
    const admin = await connect(a.users.admin.token);
    const design = await admin.readResource({ uri: 'tessera://design-tokens' });
    expect(JSON.parse(textOf(design))).toHaveProperty('colors');
    const prompt = await editor.getPrompt({ name: 'draft_post', arguments: { notes: 'Lamps and lenses' } });
    expect(JSON.stringify(prompt.messages)).toContain('Lamps and lenses');
  });

  it('takes an entry through the workflow, its revisions, the trash and deletion', async () => {
    const contributor = await connect(a.users.contributor.token);
    const editor = await connect(a.users.editor.token);
    const draft = await call(contributor, 'post_create', {
      title: 'Tides',
      fields: { content: '<p>High water at noon.</p>' },
    });
    expect(draft.data).toMatchObject({ status: 'draft', title: 'Tides' });
    const id = draft.data.id;

    expect((await call(contributor, 'post_submit', { id })).data.status).toBe('in_review');
    const sentBack = await call(editor, 'post_request_changes', { id, comment: 'Name the harbour.' });
    expect(sentBack.data.status).toBe('draft');
    const renamed = await call(contributor, 'post_update', {
      id,
      version: sentBack.data.version,
      title: 'Tides at the harbour',
    });
    expect(renamed.data).toMatchObject({ title: 'Tides at the harbour', status: 'draft' });
    expect((await call(contributor, 'post_submit', { id })).data.status).toBe('in_review');
    expect((await call(editor, 'post_approve', { id })).data.status).toBe('approved');

    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call(editor, 'post_schedule', { id, publish_at: at });
    expect(scheduled.data.status).toBe('scheduled');
    expect(Date.parse(String(scheduled.data.publish_at))).toBe(Date.parse(at));
    expect((await call(editor, 'post_unschedule', { id })).data.status).toBe('draft');
    expect((await call(editor, 'post_publish', { id })).data.status).toBe('published');
    expect((await call(editor, 'post_unpublish', { id })).data.status).toBe('draft');

    const revisions = (await call(editor, 'post_revisions', { id })).data as unknown as Array<{
      id: number;
      version: number;
    }>;
    expect(revisions.length).toBeGreaterThanOrEqual(2);
    // Newest first.
    const versions = revisions.map((revision) => revision.version);
    expect(versions).toEqual([...versions].sort((x, y) => y - x));
    const first = revisions.at(-1);
    const newest = revisions[0];
    if (!first || !newest) throw new Error('no revisions');
    const compared = await call(editor, 'post_revisions_compare', { id, from: first.id, to: newest.id });
    expect((compared.data as unknown as { properties: unknown[] }).properties).toContainEqual(
      expect.objectContaining({ path: 'title', before: 'Tides', after: 'Tides at the harbour' }),
    );
    const restored = await call(editor, 'post_revision_restore', { id, revision: first.id });
    expect(restored.data.title).toBe('Tides');
    expect(((await call(editor, 'post_revisions', { id })).data as unknown as unknown[]).length).toBe(
      revisions.length + 1,
    );

    expect((await call(editor, 'post_delete', { id })).isError).toBe(false);
    expect((await call(editor, 'post_get', { id })).data.deleted_at).toEqual(expect.any(String));
    const back = await call(editor, 'post_restore', { id });
    expect(back.data).toMatchObject({ status: 'draft', deleted_at: null });
    expect((await call(editor, 'post_delete_permanently', { id })).isError).toBe(false);
    expect(await call(editor, 'post_get', { id })).toMatchObject({ isError: true, status: 404 });

    // The operations' own entries, by whoever took each step.
    const own = (await activityOf(t.runtime, a.siteId)).filter((entry) => entry.subject_id === String(id));
    expect(own.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['post.created', 'post.published', 'post.unpublished', 'post.trashed']),
    );
  });

  it('lists and reads terms, menus and (as an Admin) the settings', async () => {
    const editor = await connect(a.users.editor.token);
    const term = await call(editor, 'term_create', { taxonomy: 'category', name: 'Harbours' });
    const terms = (await call(editor, 'terms_list', { taxonomy: 'category' })).data as unknown as Array<{
      id: number;
      name: string;
    }>;
    expect(terms).toContainEqual(expect.objectContaining({ id: term.data.id, name: 'Harbours' }));
    expect((await call(editor, 'term_get', { taxonomy: 'category', id: term.data.id })).data).toMatchObject({
      name: 'Harbours',
      slug: 'harbours',
    });
    expect(await call(editor, 'term_get', { taxonomy: 'category', id: 999_999 })).toMatchObject({
      isError: true,
      status: 404,
    });

    const admin = await connect(a.users.admin.token);
    const menu = await a.call('admin', 'POST', '/api/menus', { name: 'Footer' });
    expect(menu.statusCode, menu.body).toBe(201);
    const menuId = (menu.json() as { data: { id: number } }).data.id;
    const added = await call(admin, 'menu_item_add', {
      id: menuId,
      kind: 'custom',
      url: '/about',
      label: 'About',
    });
    expect(added.isError, JSON.stringify(added)).toBe(false);
    const menus = (await call(admin, 'menus_list', {})).data as unknown as Array<{
      id: number;
      name: string;
    }>;
    expect(menus).toContainEqual(expect.objectContaining({ id: menuId, name: 'Footer' }));
    const footer = await call(admin, 'menu_get', { id: menuId });
    expect(footer.data.items).toEqual([
      expect.objectContaining({ label: 'About', url: '/about', kind: 'custom' }),
    ]);

    // settings.view is an Admin's, not an Editor's: only the Admin is shown the tool.
    expect(await toolNames(editor)).not.toContain('settings_read');
    const settings = await call(admin, 'settings_read', {});
    expect(settings.data).toMatchObject({ mcp: { enabled: true, read_only: false } });
    expect(settings.data).toHaveProperty('media');
  });

  it('renders the alt-text and revision prompts with their arguments', async () => {
    const editor = await connect(a.users.editor.token);
    const textOfPrompt = (prompt: Awaited<ReturnType<Client['getPrompt']>>) =>
      prompt.messages
        .map((message) => (message.content.type === 'text' ? message.content.text : ''))
        .join('\n');
    const alt = textOfPrompt(await editor.getPrompt({ name: 'write_alt_text', arguments: { limit: '5' } }));
    expect(alt).toContain('Find up to 5 images');
    expect(alt).toContain('media_update_alt_text');
    const summary = textOfPrompt(
      await editor.getPrompt({ name: 'summarize_revision', arguments: { type: 'post', id: String(postId) } }),
    );
    expect(summary).toContain(`Call post_revisions with id ${postId}`);
    expect(summary).toContain('post_revisions_compare');
    await expect(
      editor.getPrompt({ name: 'summarize_revision', arguments: { type: 'post' } }),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });
});
