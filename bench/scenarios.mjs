import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
// The scenarios `npm run bench` measures, in order. Each is measured against Tessera and against a
// bare Node server answering the same bytes, so the ratio holds on a noisy machine (docs/performance.md).
//
// A scenario: {
//   name,            shown in the table
//   method, path,    the request (sent with `Host: bench.test`, the seeded site)
//   headers?,        extra request headers (a Bearer token, an Accept)
//   body?,           request body, a string
//   measures?,       the key of the docs/performance.md target it is judged by (bench/targets.mjs),
//                    which gives its ratio and p99 targets; none: measured, not judged
//   target?, p99Ms?, a ratio and a p99 in ms of its own, for a scenario no document target covers
//   againstBodyOnly?, also measured against a bare server sending the body with its content type and
//                    length only (the peers' method, docs/performance.md), its ratio printed beside
//   setup?,          async ({ tessera, dataDir, env, request, cli, adminEmail }) => void | { headers?, path? }: prepares
//                    data before the run (through the API or the CLI) and may add headers or change
//                    the path, e.g. a token it created. `request(method, path, { headers, body })`
//                    answers { status, headers, body } from Tessera; `cli(args)` runs a tessera command
//                    (the site is installed with `adminEmail` as its Super Admin) and answers its output.
// }
//
// Later issues append their scenarios here. A scenario with `timed` instead of a request is run as
// `timed(context)` => { samples } (milliseconds of sequential operations) and reported apart.

/** A desktop browser's: a page view the cookieless analytics records, as a visitor's is. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** @type {Array<{ name: string, method: string, path: string, headers?: Record<string, string>, body?: string, measures?: string, target?: number, p99Ms?: number, againstBodyOnly?: boolean, setup?: (context: object) => Promise<void | { headers?: Record<string, string>, path?: string }> }>} */
export const scenarios = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz' },
  // Enveloped, through site resolution and the rate limiter: the fixed cost of every API request.
  { name: 'GET /api/site', method: 'GET', path: '/api/site' },
  // The same endpoint with an API token: the difference is the cost of authentication (token hash
  // lookup, the user's standing on the site, the token's permissions).
  {
    name: 'GET /api/site with a token',
    method: 'GET',
    path: '/api/site',
    setup: async ({ cli, adminEmail }) => {
      const token = (await cli(['token:create', '--email', adminEmail, '--name', 'bench']))
        .trim()
        .split('\n')
        .pop();
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
  // A permission-checked endpoint answering from the identity tables: the pipeline's fixed cost,
  // which bounds every API route (issue 39).
  {
    name: 'GET /api/me with a token',
    method: 'GET',
    path: '/api/me',
    measures: 'api-me',
    setup: async ({ cli, adminEmail }) => {
      const token = (await cli(['token:create', '--email', adminEmail, '--name', 'bench-me']))
        .trim()
        .split('\n')
        .pop();
      return { headers: { authorization: `Bearer ${token}` } };
    },
  },
  // The content API on 10,000 published posts (seeded through `tessera import`).
  {
    name: 'GET /api/posts?limit=10 with a token',
    method: 'GET',
    path: '/api/posts?limit=10',
    measures: 'posts-list',
    setup: async (context) => ({ headers: await contentToken(context) }),
  },
  {
    name: 'GET /api/posts/{id} with a token',
    method: 'GET',
    path: '/api/posts/1',
    measures: 'post-one',
    setup: async (context) => {
      const headers = await contentToken(context);
      const list = await context.request('GET', '/api/posts?limit=1&sort=title', {
        headers: { host: 'bench.test', ...headers },
      });
      const id = JSON.parse(list.body).data[0].id;
      return { headers, path: `/api/posts/${id}` };
    },
  },
  // A visitor typing two words (the second still being typed): 74 of the 10,000 posts match.
  {
    name: 'GET /api/search over 10,000 posts',
    method: 'GET',
    path: '/api/search?q=harbour%20lant',
    measures: 'search',
    setup: async (context) => {
      await contentToken(context);
      return {};
    },
  },
  // Saves of a 500-block page one after another (each carries the version the last one made).
  {
    name: 'save of a 500-block page',
    timed: async (context) => {
      const headers = {
        host: 'bench.test',
        'content-type': 'application/json',
        ...(await contentToken(context)),
      };
      const created = await context.request('POST', '/api/pages', {
        headers,
        body: JSON.stringify({ title: 'Bench page' }),
      });
      const page = JSON.parse(created.body).data;
      const blocks = pageOf500Blocks();
      let version = page.version;
      const samples = [];
      for (let i = 0; i < 60; i += 1) {
        blocks[0].children[0].children[0].props.text = `Heading ${i}`;
        const started = performance.now();
        const saved = await context.request('POST', `/api/builder/page/${page.id}/save`, {
          headers,
          body: JSON.stringify({ version, blocks }),
        });
        if (saved.status !== 200)
          throw new Error(`save answered ${saved.status}: ${saved.body.slice(0, 300)}`);
        samples.push(performance.now() - started);
        const data = JSON.parse(saved.body).data;
        version = data.version;
        if (i === 0) blocks.splice(0, blocks.length, ...data.blocks);
      }
      return { samples: samples.slice(10) };
    },
  },
  // From sending a publish to the signed webhook delivery arriving at a receiver on this machine:
  // the delivery goes through the job queue after the commit, as every delivery does.
  {
    name: 'publish to webhook arrival',
    timed: async (context) => {
      const headers = {
        host: 'bench.test',
        'content-type': 'application/json',
        ...(await contentToken(context)),
      };
      const waiting = new Map();
      const receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          res.end('ok');
          const id = JSON.parse(body).data?.id;
          waiting.get(id)?.(performance.now());
        });
      });
      await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const call = async (method, path, body) => {
          const res = await context.request(method, path, { headers, body: JSON.stringify(body) });
          if (res.status >= 300)
            throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
          return JSON.parse(res.body).data;
        };
        await call('PUT', '/api/settings/webhooks', { allow_private_targets: true });
        await call('POST', '/api/webhooks', {
          url: `http://127.0.0.1:${receiver.address().port}/hook`,
          events: ['post.published'],
        });
        const samples = [];
        for (let i = 0; i < 60; i += 1) {
          const post = await call('POST', '/api/posts', { title: `Hooked ${i}` });
          const arrived = new Promise((resolve, reject) => {
            waiting.set(post.id, resolve);
            setTimeout(
              () => reject(new Error(`the delivery of post ${post.id} did not arrive within 10 s`)),
              10_000,
            ).unref();
          });
          const started = performance.now();
          await call('POST', `/api/posts/${post.id}/publish`, {});
          samples.push((await arrived) - started);
        }
        return { samples: samples.slice(10) };
      } finally {
        receiver.close();
      }
    },
  },
  // The public site: a post page rendered for every request (each of the 10,000 posts in turn,
  // with a query string, which the page cache never keeps), then one page from the page cache.
  {
    name: 'post page rendered uncached',
    method: 'GET',
    path: '/2026/01/post-1',
    measures: 'post-page',
    setup: async (context) => {
      await contentToken(context);
      // A query string of its own is never served from the page cache (as in WordPress's caches).
      return { paths: Array.from({ length: 10_000 }, (_, i) => `/2026/01/post-${i + 1}?v=${i}`) };
    },
  },
  // A landing page built in the builder: 200 blocks of 20 kinds (sections, grids of cards, lists,
  // tables, FAQ, statistics, testimonials, highlighted code, a list of the latest posts), rendered
  // for every request.
  {
    name: 'builder page of 200 blocks rendered uncached',
    method: 'GET',
    path: '/landing',
    measures: 'builder-page',
    setup: async (context) => {
      const headers = {
        host: 'bench.test',
        'content-type': 'application/json',
        ...(await contentToken(context)),
      };
      const created = await context.request('POST', '/api/pages', {
        headers,
        body: JSON.stringify({ title: 'Landing', slug: 'landing', blocks: pageOf200Blocks() }),
      });
      if (created.status !== 201)
        throw new Error(`page answered ${created.status}: ${created.body.slice(0, 300)}`);
      const page = JSON.parse(created.body).data;
      const published = await context.request('POST', `/api/pages/${page.id}/publish`, {
        headers,
        body: '{}',
      });
      if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
      return { paths: Array.from({ length: 10_000 }, (_, i) => `/landing?v=${i}`) };
    },
  },
  // What an active plugin costs a page rendered for every request: one builder page of 20 blocks and
  // a block of the bench plugin (bench/plugin: ten hooks, six of them on every page's path), with
  // the plugin active, then the same page with it inactive.
  {
    name: 'page with an active plugin (10 hooks, 1 block) rendered uncached',
    method: 'GET',
    path: '/plugin-page',
    setup: async (context) => {
      const headers = await pluginPage(context);
      await switchPlugin(context, headers, true);
      return { paths: Array.from({ length: 10_000 }, (_, i) => `/plugin-page?v=${i}`) };
    },
  },
  {
    name: 'the same page, its plugin inactive, rendered uncached',
    method: 'GET',
    path: '/plugin-page',
    setup: async (context) => {
      const headers = await pluginPage(context);
      await switchPlugin(context, headers, false);
      return { paths: Array.from({ length: 10_000 }, (_, i) => `/plugin-page?v=${i}`) };
    },
  },
  {
    name: 'post page from the page cache',
    method: 'GET',
    path: '/2026/01/post-2',
    // A browser's: each request is a page view the cookieless analytics records (ANALYTICS=false
    // measures the same without it).
    headers: { 'user-agent': BROWSER_USER_AGENT },
    measures: 'cached-page',
    againstBodyOnly: true,
    setup: async (context) => {
      await contentToken(context);
      return {};
    },
  },
  // The official SEO plugin active on the site (issue 36: at most 10% slower uncached, the cached
  // page unchanged): the same post pages, its head, JSON-LD and templates written on each render.
  {
    name: 'post page rendered uncached, SEO plugin active',
    method: 'GET',
    path: '/2026/01/post-1',
    setup: async (context) => {
      await switchSeo(context, true);
      return { paths: Array.from({ length: 10_000 }, (_, i) => `/2026/01/post-${i + 1}?w=${i}`) };
    },
  },
  {
    name: 'post page from the page cache, SEO plugin active',
    method: 'GET',
    path: '/2026/01/post-2',
    headers: { 'user-agent': BROWSER_USER_AGENT },
    againstBodyOnly: true,
    setup: async (context) => {
      await switchSeo(context, true);
      return {};
    },
  },
  // A phone photo's worth: 4000 x 3000 JPEG to WebP thumbnail, medium, large and full, one after
  // another, timed from sending to the 201; the server's peak RSS over them is printed beside.
  {
    name: 'upload of a 12-megapixel JPEG (4 WebP variants)',
    measures: 'image-upload',
    timed: async (context) => {
      const headers = await contentToken(context);
      const photo = await twelveMegapixelJpeg();
      const samples = [];
      for (let i = 0; i < 12; i += 1) {
        const { body, type } = multipartFile(`photo-${i}.jpg`, photo);
        const started = performance.now();
        const res = await context.request('POST', '/api/media/upload', {
          headers: { ...headers, 'content-type': type },
          body,
        });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
        samples.push(performance.now() - started);
      }
      return { samples: samples.slice(2) };
    },
  },
  {
    name: 'GET /api/media?limit=20 over 10,000 items',
    method: 'GET',
    path: '/api/media?limit=20',
    setup: async (context) => {
      const headers = await contentToken(context);
      await seedMedia(context, headers, 10_000);
      return { headers };
    },
  },
  // A CSV file of 100,000 subscribers imported, from upload to `done`: the server's RSS before and
  // at its peak are printed beside (issue 37's budget: at most 200 MiB above what it was before).
  {
    name: 'newsletter import of 100,000 CSV rows',
    timed: async (context) => {
      const headers = await adminToken(context, 'bench-import');
      const rows = 100_000;
      const lines = ['Email,Name,Language'];
      for (let i = 0; i < rows; i += 1)
        lines.push(
          i % 1000 === 999 ? `not-an-address-${i},Nobody,en` : `reader${i}@import.test,Reader ${i},en`,
        );
      const csv = Buffer.from(`${lines.join('\n')}\n`);
      const { body, type } = multipartForm(
        { mapping: JSON.stringify({ email: 'Email', name: 'Name', language: 'Language' }), lists: '[]' },
        'subscribers.csv',
        csv,
      );
      const started = performance.now();
      const res = await context.request('POST', '/api/newsletter/imports', {
        headers: { ...headers, 'content-type': type },
        body,
      });
      if (res.status !== 202) throw new Error(`the import answered ${res.status}: ${res.body.slice(0, 300)}`);
      const { id } = JSON.parse(res.body).data;
      for (;;) {
        const progress = await context.request('GET', `/api/newsletter/imports/${id}`, { headers });
        const { status, rows_read, created_count, invalid_count } = JSON.parse(progress.body).data;
        if (status === 'failed') throw new Error('the import failed');
        if (status === 'done') {
          if (rows_read !== rows || created_count + invalid_count !== rows)
            throw new Error(
              `the import read ${rows_read} rows, added ${created_count}, refused ${invalid_count}`,
            );
          break;
        }
        if (performance.now() - started > 600_000)
          throw new Error('the import did not end within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const ms = performance.now() - started;
      return { samples: [ms], note: `${Math.round(rows / (ms / 1000))} rows a second` };
    },
  },
  // A newsletter campaign to 2,000 subscribers, from send to `sent`: the messages handed to the
  // local SMTP server per second (each one rendered for its recipient, claimed and recorded), with
  // the sending rate set above what is measured.
  {
    name: 'newsletter campaign to 2,000 subscribers',
    timed: async (context) => {
      const headers = { ...(await adminToken(context, 'bench-news')), 'content-type': 'application/json' };
      const call = async (method, path, body) => {
        const res = await context.request(method, path, { headers, body: body && JSON.stringify(body) });
        if (res.status >= 300)
          throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
        return JSON.parse(res.body).data;
      };
      const recipients = 2_000;
      // A list of its own: other scenarios (the import) add subscribers of the site too.
      const list = await call('POST', '/api/newsletter/lists', { name: 'Bench campaign' });
      for (let i = 0; i < recipients; i += 1)
        await call('POST', '/api/newsletter/subscribers', {
          email: `reader${i}@bench.test`,
          lists: [list.id],
        });
      await call('PUT', '/api/settings/newsletter', { rate_per_minute: 100_000 });
      const campaign = await call('POST', '/api/newsletter/campaigns', {
        subject: 'Bench news',
        preheader: 'What happened this week',
        audience: { lists: [list.id], language: null },
        blocks: [
          { type: 'heading', props: { text: 'This week', level: 1 } },
          {
            type: 'paragraph',
            props: {
              content: '<p>Three things happened. <a href="https://example.org/a">Read the first</a>.</p>',
            },
          },
          { type: 'button', props: { text: 'Visit the site', href: '/' } },
        ],
      });
      const before = context.smtp.received();
      const started = performance.now();
      await call('POST', `/api/newsletter/campaigns/${campaign.id}/send`, {});
      for (;;) {
        const { status } = await call('GET', `/api/newsletter/campaigns/${campaign.id}`);
        if (status === 'sent') break;
        if (performance.now() - started > 600_000)
          throw new Error('the campaign was not sent within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const handed = context.smtp.received() - before;
      if (handed !== recipients)
        throw new Error(`the SMTP server took ${handed} messages, not ${recipients}`);
      const perSecond = handed / seconds;
      return {
        samples: [1000 / perSecond],
        note: `${perSecond.toFixed(0)} messages handed to SMTP a second`,
      };
    },
  },
  // The forms plugin (issue 38): one form taking submissions from 16 visitors at once (each kept
  // with its notification mail queued, the mail sent to the local SMTP server), its budget a minute
  // set to the most a form takes (1,000, from the one address the bench posts from, so 960 are
  // sent); then the page holding the form's block, which must still come from the page cache.
  {
    name: 'forms: submissions accepted on one form',
    timed: async (context) => {
      const { form, page } = await formsBench(context);
      const token = await formTokenOn(context, page.path);
      const fields = new URLSearchParams({
        form_token: token,
        name: 'Ada Lovelace',
        email: 'ada@bench.test',
        message: 'Do you open on Sundays? We are four, with a dog.',
        _website: '',
      }).toString();
      const headers = {
        host: context.host,
        origin: `http://${context.host}`,
        'content-type': 'application/x-www-form-urlencoded',
      };
      const total = 960;
      const samples = [];
      const refused = new Map();
      let next = 0;
      const visitor = async () => {
        while (next < total) {
          next += 1;
          const started = performance.now();
          const res = await context.request('POST', `/forms/${form.slug}`, { headers, body: fields });
          const ms = performance.now() - started;
          if (res.status === 303) samples.push(ms);
          else refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
        }
      };
      // Meanwhile a reader of the page: answered by the fast lane (no request id, no log line) when
      // the page cache holds it, rendered otherwise.
      const reads = { hits: 0, renders: 0 };
      let done = false;
      const reader = async () => {
        while (!done) {
          const res = await context.request('GET', page.path);
          if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
          if (res.headers['x-request-id']) reads.renders += 1;
          else reads.hits += 1;
        }
      };
      const started = performance.now();
      const reading = reader();
      await Promise.all(Array.from({ length: 16 }, visitor));
      const seconds = (performance.now() - started) / 1000;
      done = true;
      await reading;
      if (refused.size > 0)
        throw new Error(`submissions refused: ${[...refused].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
      return {
        samples,
        note: `${(samples.length / seconds).toFixed(0)} submissions accepted a second, 16 at once; the page holding the form meanwhile: ${reads.hits} of ${reads.hits + reads.renders} visits from the page cache`,
      };
    },
  },
  {
    name: 'forms: page holding a form block, from the page cache',
    method: 'GET',
    path: '/form-desk',
    headers: { 'user-agent': BROWSER_USER_AGENT },
    setup: async (context) => {
      const { page } = await formsBench(context);
      return { path: page.path };
    },
  },
];

/** An administrator's API token made with the CLI (no content seeded): its host and authorization headers. */
async function adminToken(context, name) {
  const output = await context.cli(['token:create', '--email', context.adminEmail, '--name', name]);
  return { host: context.host, authorization: `Bearer ${output.trim().split('\n').pop()}` };
}

let formsMade = null;

/**
 * The forms scenarios' form and page, made once: the forms plugin switched on, a contact form that
 * takes 1,000 posts a minute from one address with no minimum fill time (its notification to the
 * site's administrators), and a published page holding its block.
 */
function formsBench(context) {
  formsMade ??= (async () => {
    const headers = { ...(await adminToken(context, 'bench-forms')), 'content-type': 'application/json' };
    const call = async (method, path, body) => {
      const res = await context.request(method, path, { headers, body: body && JSON.stringify(body) });
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      return JSON.parse(res.body).data;
    };
    await call('PUT', '/api/plugins/forms/active', { active: true });
    const form = await call('POST', '/api/forms/forms', {
      title: 'Write to the desk',
      slug: 'desk',
      fields: [
        { name: 'name', type: 'text', label: 'Name', required: true },
        { name: 'email', type: 'email', label: 'Email', required: true },
        { name: 'message', type: 'textarea', label: 'Message', required: true },
      ],
      settings: { per_minute: 1000, min_seconds: 0, reply_to_field: 'email' },
    });
    const created = await call('POST', '/api/pages', {
      title: 'Form desk',
      slug: 'form-desk',
      blocks: [
        { type: 'heading', props: { text: 'Write to us', level: 1 } },
        { type: 'paragraph', props: { content: '<p>We answer within a day.</p>' } },
        { type: 'forms.form', props: { form_id: form.id, show_title: false } },
      ],
    });
    await call('POST', `/api/pages/${created.id}/publish`, {});
    return { form, page: { path: '/form-desk' } };
  })();
  return formsMade;
}

const TOKEN = /name="form_token" value="([^"]+)"/;

/** The form's token on the page, as a visitor gets it. */
async function formTokenOn(context, path) {
  const res = await context.request('GET', path);
  const token = TOKEN.exec(res.body.toString())?.[1];
  if (res.status !== 200 || !token) throw new Error(`${path} answered ${res.status} without a form token`);
  return token;
}

/** A multipart/form-data body with text fields and one file part, as a browser's form sends them. */
function multipartForm(fields, name, bytes) {
  const boundary = `----tesserabenchform${mix(bytes.length).toString(16)}`;
  const parts = Object.entries(fields).map(
    ([field, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart/form-data body with one file part, as a browser sends an upload. */
export function multipartFile(name, bytes) {
  const boundary = `----tesserabench${mix(bytes.length).toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** 4000 x 3000 pixels of smooth gradients with fine grain, as a camera's JPEG at quality 90. */
async function twelveMegapixelJpeg() {
  const { default: sharp } = await import('sharp');
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const grain = mix(i) & 15;
      raw[i] = ((x * 255) / width + grain) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (((x + y) * 127) / (width + height) + 64 + grain) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** `count` small distinct images in the library, uploaded four at a time. */
async function seedMedia(context, headers, count) {
  const { default: sharp } = await import('sharp');
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const png = await sharp({
        create: { width: 32, height: 24, channels: 3, background: { r: n & 255, g: (n >> 8) & 255, b: 128 } },
      })
        .png()
        .toBuffer();
      const { body, type } = multipartFile(`library-${n}.png`, png);
      const res = await context.request('POST', '/api/media/upload', {
        headers: { ...headers, 'content-type': type },
        body,
      });
      if (res.status !== 201) throw new Error(`seeding media: upload answered ${res.status}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

let seeded = null;

let pluginPageMade = null;

/** The page of the plugin scenarios, made once: 20 core blocks and the bench plugin's card. */
function pluginPage(context) {
  pluginPageMade ??= (async () => {
    const headers = {
      host: 'bench.test',
      'content-type': 'application/json',
      ...(await contentToken(context)),
    };
    await switchPlugin(context, headers, true);
    const blocks = [
      ...Array.from({ length: 10 }, (_, i) => [
        { type: 'heading', props: { text: `Section ${i + 1}`, level: 2 } },
        {
          type: 'paragraph',
          props: { content: `<p>Paragraph ${i + 1} of the page, with a <strong>word</strong> or two.</p>` },
        },
      ]).flat(),
      { type: 'bench_plugin.card', props: { title: 'From the plugin', items: ['one', 'two', 'three'] } },
    ];
    const created = await context.request('POST', '/api/pages', {
      headers,
      body: JSON.stringify({ title: 'Plugin page', slug: 'plugin-page', blocks }),
    });
    if (created.status !== 201)
      throw new Error(`plugin page answered ${created.status}: ${created.body.slice(0, 300)}`);
    const page = JSON.parse(created.body).data;
    const published = await context.request('POST', `/api/pages/${page.id}/publish`, { headers, body: '{}' });
    if (published.status !== 200) throw new Error(`plugin page publish answered ${published.status}`);
    return headers;
  })();
  return pluginPageMade;
}

async function switchPlugin(context, headers, active) {
  const answer = await context.request('PUT', '/api/plugins/bench-plugin/active', {
    headers,
    body: JSON.stringify({ active }),
  });
  if (answer.status !== 200)
    throw new Error(`switching the bench plugin answered ${answer.status}: ${answer.body}`);
}

/** Switches the SEO plugin (shipped with Tessera, installed at start) on or off for the bench site. */
async function switchSeo(context, active) {
  const headers = {
    host: 'bench.test',
    'content-type': 'application/json',
    ...(await contentToken(context)),
  };
  const answer = await context.request('PUT', '/api/plugins/seo/active', {
    headers,
    body: JSON.stringify({ active }),
  });
  if (answer.status !== 200)
    throw new Error(`switching the SEO plugin answered ${answer.status}: ${answer.body}`);
}

/** 10,000 published posts, imported once for every content scenario (and the soak), and a token to read them. */
export function contentToken(context) {
  seeded ??= (async () => {
    // On PostgreSQL nothing has made DATA_DIR yet.
    mkdirSync(context.dataDir, { recursive: true });
    const file = join(context.dataDir, 'bench-posts.json');
    const at = '2026-01-01T00:00:00.000Z';
    const entries = Array.from({ length: 10_000 }, (_, i) => postOf(i, at, context.adminEmail));
    const exported = {
      format: 'tessera-content',
      version: 1,
      exported_at: at,
      site: { name: 'Bench', default_locale: 'en', locales: ['en'] },
      content_types: [],
      taxonomies: [],
      terms: [
        {
          ref: 1,
          taxonomy: 'category',
          name: 'Uncategorized',
          slug: 'uncategorized',
          description: '',
          parent: null,
          position: 0,
        },
      ],
      entries,
    };
    writeFileSync(file, JSON.stringify(exported));
    await context.cli(['import', file]);
    const token = (
      await context.cli(['token:create', '--email', context.adminEmail, '--name', 'bench-content'])
    )
      .trim()
      .split('\n')
      .pop();
    return { authorization: `Bearer ${token}` };
  })();
  return seeded;
}

/** What opens each section of the 200-block page, after its heading: one kind of block each. */
const FEATURES = [
  { type: 'paragraph', props: { content: '<p>We build <strong>fast</strong> sites that last.</p>' } },
  { type: 'list', props: { items: ['Fast pages', 'Accessible by default', 'No tracking'] } },
  { type: 'quote', props: { text: 'It simply works, and it is quick.', cite: 'A customer' } },
  {
    type: 'table',
    props: {
      caption: 'Plans',
      header: ['Plan', 'Price'],
      rows: [
        ['Starter', '9'],
        ['Team', '29'],
      ],
    },
  },
  {
    type: 'accordion',
    props: {
      items: [
        { title: 'Shipping', content: '<p>Two days.</p>' },
        { title: 'Returns', content: '<p>Thirty days.</p>' },
      ],
    },
  },
  {
    type: 'faq',
    props: {
      items: [
        { question: 'Is it free?', answer: '<p>The core is.</p>' },
        { question: 'Can I export?', answer: '<p>Always.</p>' },
      ],
    },
  },
  {
    type: 'statistics',
    props: {
      items: [
        { value: '99.9%', label: 'Uptime' },
        { value: '40 ms', label: 'Median page' },
      ],
    },
  },
  { type: 'latest-posts', props: { count: 3 } },
  {
    type: 'testimonials',
    props: { items: [{ quote: 'Our pages load instantly now.', name: 'Ada', role: 'Editor' }] },
  },
  {
    type: 'code',
    props: {
      language: 'javascript',
      code: 'const answer = await fetch("/api/posts").then((r) => r.json());',
    },
  },
];

/**
 * Ten sections of 20 blocks: the section, a heading, one feature block, and a grid of four cards
 * (container, heading, paragraph, button): 200 blocks.
 */
function pageOf200Blocks() {
  return FEATURES.map((feature, s) => ({
    type: 'section',
    props: { padding: { desktop: 8, mobile: 4 } },
    children: [
      {
        type: 'heading',
        props: { text: `What we do, part ${s + 1}`, level: 2, align: { desktop: 'center' } },
      },
      feature,
      {
        type: 'grid',
        props: { columns: { desktop: 4, tablet: 2, mobile: 1 }, gap: { desktop: 4 } },
        children: Array.from({ length: 4 }, (_, c) => ({
          type: 'container',
          props: { padding: { desktop: 4, mobile: 2 }, rounded: true, backgroundColor: 'token:surface' },
          children: [
            { type: 'heading', props: { text: `Card ${c + 1}`, level: 3 } },
            {
              type: 'paragraph',
              props: {
                content: `<p>Card ${c + 1} of section ${s + 1}, with a <a href="/about">link</a>.</p>`,
              },
            },
            { type: 'button', props: { text: 'Read more', href: `/section-${s}/card-${c}` } },
          ],
        })),
      },
    ],
  }));
}

/** Ten sections of a grid of 48 headings and paragraphs: 500 blocks with the sections and grids. */
function pageOf500Blocks() {
  return Array.from({ length: 10 }, (_, s) => ({
    type: 'section',
    props: { padding: { desktop: 6, mobile: 3 } },
    children: [
      {
        type: 'grid',
        props: { columns: { desktop: 3, tablet: 2, mobile: 1 } },
        children: Array.from({ length: 48 }, (_, b) =>
          b % 2 === 0
            ? { type: 'heading', props: { text: `Section ${s} heading ${b}`, level: 3 } }
            : {
                type: 'paragraph',
                props: { content: `<p>Paragraph ${b} of section ${s} with <strong>some</strong> text.</p>` },
              },
        ),
      },
    ],
  }));
}

// Words the posts' bodies are made of: each post takes 8 of them, so two given words meet in
// under 1 % of the posts, as in a search of a real blog.
export const WORDS = (
  'harbour lantern meadow granite orchard compass thunder velvet canyon ember glacier ' +
  'lagoon marble prairie quartz saffron timber willow beacon cobalt delta falcon garnet ' +
  'hazel island jasper kelp lotus maple nectar olive pebble quill raven sierra tulip ' +
  'umber violet walnut yarrow zephyr anchor bramble cedar dune fern grove heron iris ' +
  'juniper kestrel lichen moss nettle oak pine reed sage thistle vale wren aspen birch ' +
  'clover dahlia elm fjord gorse heath ivy kite larch mint north ochre plume rowan ' +
  'sorrel thyme upland vireo wheat yew alder basil cress dove egret flint gull hollow'
).split(' ');

/** A fixed scramble of an integer (a few rounds of multiply and xor-shift): the same words every run. */
function mix(n) {
  let x = n + 0x9e3779b9;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

function bodyOf(i) {
  const words = Array.from({ length: 8 }, (_, k) => WORDS[mix(i * 8 + k) % WORDS.length]);
  return `<p>A note on ${words.slice(0, 4).join(', ')} and ${words.slice(4).join(' ')}, written for the benchmark.</p>`;
}

/** One of the 10,000 published posts of the bench, as an export file holds it. */
function postOf(i, at, author) {
  return {
    ref: i + 1,
    type: 'post',
    title: `Post number ${i + 1} about benchmarks`,
    slug: `post-${i + 1}`,
    status: 'published',
    locale: 'en',
    parent: null,
    translation_group: i + 1,
    author,
    excerpt: '',
    featured_media_id: null,
    fields: { content: bodyOf(i) },
    blocks: [],
    terms: { category: [1] },
    position: 0,
    version: 1,
    live: {
      title: `Post number ${i + 1} about benchmarks`,
      slug: `post-${i + 1}`,
      parent_id: null,
      excerpt: '',
      featured_media_id: null,
      author_id: null,
      fields: { content: bodyOf(i) },
      blocks: [],
      terms: { category: [1] },
      position: 0,
    },
    published_at: at,
    publish_at: null,
    review_note: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
}
