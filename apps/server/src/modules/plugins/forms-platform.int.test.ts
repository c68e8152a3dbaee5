import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { activatePlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';

const fixtures = pluginFixtures();
// What a forms plugin stands on: a block carrying a form's token on a cached page, one post route
// for many forms (each with its own tokens and budget), files in a multipart post, a refusal shown
// as the form's own page, a site event for webhooks, private files, and a route answering a file.
const kiosk = fixtures.write(
  'kiosk',
  `import { attachment, definePlugin, html } from '@tessera/plugin';
   export default definePlugin((plugin) => {
     const t = plugin.schema;
     plugin.events.declare('ticket.sold', { description: 'A ticket was sold at the kiosk' });
     plugin.blocks.define({
       type: 'kiosk.signup', label: 'Sign-up', category: 'data', icon: 'mail',
       props: t.Object({ name: t.String({ default: 'a' }) }),
       render: (props, { formField }) =>
         html\`<form method="post" action="/kiosk/forms/\${props.name}">\${formField('kiosk.' + props.name)}<button>Go</button></form>\`,
     });
     plugin.pages.get('/kiosk/forms/:name', { cache: 'private' }, (page) => ({
       title: 'Form', body: html\`<form method="post">\${page.formField('kiosk.' + page.params.name)}</form>\`,
     }));
     plugin.pages.post('/kiosk/forms/:name', {
       form: ({ params }) => 'kiosk.' + params.name,
       perMinute: ({ params }) => (params.name === 'tight' ? 2 : 50),
       files: ({ params }) => (params.name === 'tiny' ? { maxFiles: 1, maxBytes: 10 } : params.name === 'none' ? null : { maxFiles: 3, maxBytes: 1000 }),
       refused: (page, refusal) => ({
         title: 'Not sent',
         body: html\`<p class="refused" data-code="\${refusal.code}" data-retry="\${refusal.retryAfterSeconds}">\${page.form.note ?? ''}</p>\`,
       }),
     }, async (page) => {
       await plugin.events.emit(page.operation, 'ticket.sold', { form: page.params.name });
       const files = page.files.map(({ field, filename, size, type, tooLarge, bytes }) =>
         ({ field, filename, size, type, tooLarge, bytes: bytes === null ? null : bytes.length }));
       return { title: 'Sent', body: html\`<pre class="got">\${JSON.stringify({ form: page.form, files, issued: typeof page.formIssuedAt })}</pre>\` };
     });
     plugin.pages.post('/kiosk/plain', { form: 'kiosk.plain' }, () => ({ redirect: '/' }));
     plugin.routes.post('/files', { permission: 'public', summary: 'Keep a file', body: t.Object({ text: t.String() }) },
       (ctx, { body }) => plugin.files.save(ctx, { bytes: new TextEncoder().encode(body.text), contentType: 'text/plain' }));
     plugin.routes.get('/files', { permission: 'public', summary: 'A kept file', querystring: t.Object({ key: t.String() }) },
       async (ctx, { query }) => {
         const found = await plugin.files.read(ctx, query.key);
         if (!found) throw new plugin.errors.NotFound('File');
         return attachment({ filename: 'rapport "final"/été.txt', contentType: 'text/plain; charset=utf-8', body: found.body });
       });
     plugin.routes.delete('/files', { permission: 'public', summary: 'Drop a file', status: 204, querystring: t.Object({ key: t.String() }) },
       async (ctx, { query }) => { await plugin.files.delete(ctx, [query.key]); });
     plugin.routes.post('/pattern', { permission: 'public', summary: 'Check a pattern',
       body: t.Object({ pattern: t.String(), value: t.String() }) },
       (ctx, { body }) => ({ problem: plugin.patterns.problem(body.pattern), matches: plugin.patterns.matches(body.pattern, body.value) }));
     plugin.routes.get('/export', { permission: 'public', summary: 'Export' }, () =>
       attachment({ filename: 'sold.csv', contentType: 'text/csv; charset=utf-8', body: (async function* () { yield 'a,b\\n'; yield '1,2\\n'; })() }));
   });`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [kiosk]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  await activatePlugin(t.runtime, 'kiosk', (await t.runtime.siteStore.findById(a.siteId)) as Site);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  fixtures.remove();
});

const visit = (url: string, host = 'a.test') => t.app.inject({ method: 'GET', url, headers: { host } });
const tokenOf = (body: string) => /name="form_token" value="([^"]+)"/.exec(body)?.[1] ?? '';
const tokenFor = async (name: string) => tokenOf((await visit(`/kiosk/forms/${name}`)).body);

/** A multipart body as a browser sends one. */
function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string }>) {
  const boundary = '----kiosk7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : 'Content-Type: image/png\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const post = (url: string, body: { payload: string | Buffer; type: string }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: 'a.test', origin: 'http://a.test', 'content-type': body.type },
    payload: body.payload,
  });
const urlencoded = (form: Record<string, string> | string) => ({
  payload: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  type: 'application/x-www-form-urlencoded',
});
const got = (body: string) =>
  JSON.parse(
    (/<pre class="got">([^<]*)<\/pre>/.exec(body)?.[1] ?? 'null')
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&'),
  );

// The first bytes of a PNG: enough for its type to be sniffed.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe(`what plugins' forms stand on (${testEngine})`, () => {
  it('passes a multipart post its files, typed by their bytes, too-large ones without their bytes', async () => {
    const token = await tokenFor('files');
    const res = await post(
      '/kiosk/forms/files',
      multipart([
        { name: 'form_token', value: token },
        { name: 'topic', value: ' boats ' },
        { name: 'topic', value: 'nets' },
        { name: 'photo', value: PNG, filename: 'harbour.png' },
        // An executable's first bytes under a picture's name.
        { name: 'photo', value: Buffer.from('MZ not a picture at all'), filename: 'cute-cat.png' },
        { name: 'photo', value: Buffer.alloc(1500, 1), filename: 'huge.png' },
        { name: 'empty', value: Buffer.alloc(0), filename: '' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const seen = got(res.body);
    expect(seen.form).toEqual({ topic: 'boats\nnets' });
    expect(seen.issued).toBe('number');
    expect(seen.files).toEqual([
      {
        field: 'photo',
        filename: 'harbour.png',
        size: PNG.length,
        type: 'image/png',
        tooLarge: false,
        bytes: PNG.length,
      },
      {
        field: 'photo',
        filename: 'cute-cat.png',
        size: 23,
        type: 'application/x-msdownload',
        tooLarge: false,
        bytes: 23,
      },
      // Read no further than one byte past the limit.
      { field: 'photo', filename: 'huge.png', size: 1001, type: null, tooLarge: true, bytes: null },
    ]);
  });

  it('refuses more files than the form takes, and files to a form that takes none', async () => {
    const token = await tokenFor('files');
    const many = await post(
      '/kiosk/forms/files',
      multipart([
        { name: 'form_token', value: token },
        ...[1, 2, 3, 4].map((n) => ({ name: 'photo', value: PNG, filename: `${n}.png` })),
      ]),
    );
    expect(many.statusCode).toBe(413);
    const plain = await post('/kiosk/plain', multipart([{ name: 'x', value: 'y' }]));
    expect(plain.statusCode).toBe(415);
    // Each form its own limits, known before its body is read.
    const tiny = await tokenFor('tiny');
    const twice = await post(
      '/kiosk/forms/tiny',
      multipart([
        { name: 'form_token', value: tiny },
        { name: 'photo', value: PNG, filename: '1.png' },
        { name: 'photo', value: PNG, filename: '2.png' },
      ]),
    );
    expect(twice.statusCode).toBe(413);
    const one = await post(
      '/kiosk/forms/tiny',
      multipart([
        { name: 'form_token', value: tiny },
        { name: 'photo', value: PNG, filename: '1.png' },
      ]),
    );
    expect(got(one.body).files).toEqual([
      { field: 'photo', filename: '1.png', size: 11, type: null, tooLarge: true, bytes: null },
    ]);
    const none = await post(
      '/kiosk/forms/none',
      multipart([{ name: 'form_token', value: await tokenFor('none') }]),
    );
    expect(none.statusCode).toBe(415);
  });

  it('gives each form of one route its own tokens and budget, and shows refusals as the form’s page', async () => {
    const tight = await tokenFor('tight');
    for (let i = 0; i < 2; i++)
      expect((await post('/kiosk/forms/tight', urlencoded({ form_token: tight }))).statusCode).toBe(200);
    const past = await post('/kiosk/forms/tight', urlencoded({ form_token: tight, note: 'third' }));
    expect(past.statusCode).toBe(429);
    expect(past.headers['retry-after']).toMatch(/^\d+$/);
    expect(past.headers['cache-control']).toContain('no-store');
    expect(past.body).toContain('<title>Not sent');
    expect(past.body).toMatch(
      /<p class="refused" data-code="rate_limited" data-retry="\d+(\.\d+)?">third<\/p>/,
    );
    // Another form of the same route has a budget of its own.
    expect(
      (await post('/kiosk/forms/loose', urlencoded({ form_token: await tokenFor('loose') }))).statusCode,
    ).toBe(200);
    // A token is good for its own form only.
    const crossed = await post('/kiosk/forms/loose', urlencoded({ form_token: tight }));
    expect(crossed.statusCode).toBe(403);
    expect(crossed.body).toContain('data-code="form_token_invalid"');
    // A name that is not the plugin's own form is no page at all.
    expect((await post('/kiosk/forms/BAD NAME', urlencoded({}))).statusCode).toBe(404);
  });

  it('keeps a page whose block carries a form token for an hour at most, then renders a fresh one', async () => {
    const created = await a.call('editor', 'POST', '/api/pages', {
      title: 'Join',
      blocks: [{ id: 'signup1', type: 'kiosk.signup', props: { name: 'join' } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    await a.call('editor', 'POST', `/api/pages/${page.id}/publish`, {});
    const first = await visit(`/${page.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const token = tokenOf(first.body);
    expect(token).not.toBe('');
    expect(tokenOf((await visit(`/${page.slug}`)).body)).toBe(token);
    // The token on the page is good for its form.
    expect((await post('/kiosk/forms/join', urlencoded({ form_token: token }))).statusCode).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61 * 60_000);
    try {
      const later = tokenOf((await visit(`/${page.slug}`)).body);
      expect(later).not.toBe(token);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('lists a plugin’s site event for webhooks where it is active, and queues deliveries of it', async () => {
    const catalogue = async (site: ContentSite) =>
      ((await site.call('admin', 'GET', '/api/webhooks/events')).json().data as Array<{ name: string }>).map(
        (event) => event.name,
      );
    expect(await catalogue(a)).toContain('ticket.sold');
    expect(await catalogue(b)).not.toContain('ticket.sold');
    const hook = await a.call('admin', 'POST', '/api/webhooks', {
      url: 'https://hooks.example.org/kiosk',
      events: ['ticket.*'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect(
      (await post('/kiosk/forms/events', urlencoded({ form_token: await tokenFor('events') }))).statusCode,
    ).toBe(200);
    const deliveries = (
      await a.call('admin', 'GET', `/api/webhooks/${hook.json().data.id}/deliveries`)
    ).json().data as Array<{
      event: string;
    }>;
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['ticket.sold']);
  });

  it('keeps private files per site, out of the media routes, and answers them as downloads', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/files',
      headers: { host: 'a.test', 'content-type': 'application/json' },
      payload: { text: 'logbook' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { key, size, sha256 } = saved.json().data;
    expect(key).toMatch(new RegExp(`^${a.siteId}/plugins/kiosk/\\d{4}/\\d{2}/[0-9a-f]{32}$`));
    expect(size).toBe(7);
    expect(sha256).toBe(createHash('sha256').update('logbook').digest('hex'));
    const read = await visit(`/api/kiosk/files?key=${encodeURIComponent(key)}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('logbook');
    expect(read.headers['content-disposition']).toBe(
      `attachment; filename="rapport finalete.txt"; filename*=UTF-8''rapport%20final%C3%A9t%C3%A9.txt`,
    );
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    // Never under the media library's public address.
    expect((await visit(`/media/${key.split('/').slice(-3).join('/')}`)).statusCode).toBe(404);
    // Another site's plugin cannot read it, nor can a key outside the plugin's own.
    expect(
      (await visit(`/api/kiosk/files?key=${encodeURIComponent(key.replace(/^\d+/, String(b.siteId)))}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await visit(`/api/kiosk/files?key=${encodeURIComponent(`${a.siteId}/2026/01/x.png`)}`)).statusCode,
    ).toBe(404);
    const dropped = await t.app.inject({
      method: 'DELETE',
      url: `/api/kiosk/files?key=${encodeURIComponent(key)}`,
      headers: { host: 'a.test' },
    });
    expect(dropped.statusCode).toBe(204);
    expect((await visit(`/api/kiosk/files?key=${encodeURIComponent(key)}`)).statusCode).toBe(404);
  });

  it('runs administrators’ patterns in linear time, and says why one cannot run', async () => {
    const check = async (pattern: string, value: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/kiosk/pattern',
          headers: { host: 'a.test', 'content-type': 'application/json' },
          payload: { pattern, value },
        })
      ).json().data;
    expect(await check('[A-Z]{2}[0-9]{4}', 'AB1234')).toEqual({ problem: null, matches: true });
    expect(await check('[A-Z]{2}[0-9]{4}', 'AB12345')).toEqual({ problem: null, matches: false });
    // Catastrophic for a backtracking engine: 40 a's then a b would take minutes in JavaScript's.
    expect(await check('((a+))+', `${'a'.repeat(40)}b`)).toEqual({ problem: null, matches: false });
    const backreference = await check('(a)\\1', 'aa');
    expect(backreference.problem).toEqual(expect.any(String));
    expect(backreference.matches).toBe(false);
  });

  it('streams a route’s file as it is made', async () => {
    const res = await visit('/api/kiosk/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sold.csv"');
    expect(res.body).toBe('a,b\n1,2\n');
  });
});
