import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { workerForRuntime } from '../../../apps/server/src/core/jobs/worker.js';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { waitFor } from '../../../apps/server/test/fixtures/jobs.js';
import { startSmtp } from '../../../apps/server/test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import { installPlugins, pluginFixtures } from '../../../apps/server/test/plugin-fixtures.js';
import type { Form, Submission, SubmittedEvent } from '../src/model.js';
import type { FormsDb } from '../src/repo.js';
import { contactFields, grant } from './fixtures.js';

// The forms plugin on the site: its block on pages, each form's page and post, the spam checks and
// their counts, files, mails through a real SMTP server, the site event and the hook.

// Another plugin listening to the forms' action hook, as a CRM connector would.
const fixtures = pluginFixtures('tessera-forms-public-');
const listener = fixtures.write(
  'forms-listener',
  `export default (plugin) => {
     plugin.hooks.onAction('forms.submitted', (ctx, event) => {
       (globalThis.__formsHeard ??= []).push({ site: ctx.site.id, event });
     });
   };`,
);
const heard = () =>
  ((globalThis as { __formsHeard?: Array<{ site: number; event: SubmittedEvent }> }).__formsHeard ??= []);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [listener]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'forms-site-a.test');
  b = await seedContentSite(t.app, t.runtime, 'forms-site-b.test');
  const languages = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(languages.statusCode, languages.body).toBe(200);
  for (const [site, plugin] of [
    [a, 'forms'],
    [b, 'forms'],
    [a, 'forms-listener'],
  ] as const) {
    const on = await site.call('admin', 'PUT', `/api/plugins/${plugin}/active`, { active: true });
    expect(on.statusCode, on.body).toBe(200);
  }
  // Mails are jobs: a worker sends them as the server's would.
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
  fixtures.remove();
});

/** Posts as fast as a test goes: no minimum fill time, a budget no test reaches. */
const QUICK = { per_minute: 1000, min_seconds: 0 };

async function createForm(body: Record<string, unknown>, site = a): Promise<Form> {
  const settings = { ...QUICK, ...(body.settings as object | undefined) };
  const res = await site.call('admin', 'POST', '/api/forms/forms', { ...body, settings });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Form;
}

const visit = (url: string, site = a) => t.app.inject({ method: 'GET', url, headers: { host: site.host } });
const tokenOf = (body: string) => /name="form_token" value="([^"]+)"/.exec(body)?.[1] ?? '';
/** A fresh token from the form's own page. */
const tokenFor = async (slug: string, prefix = '') => tokenOf((await visit(`${prefix}/forms/${slug}`)).body);

type Fields = Record<string, string | string[]>;

function urlencoded(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) body.append(name, each);
  return body.toString();
}

/** A post from a page of the site, as a browser sends the form. */
const post = (url: string, fields: Fields, options: { origin?: string; site?: ContentSite } = {}) => {
  const site = options.site ?? a;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: site.host,
      origin: options.origin ?? `http://${site.host}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: urlencoded(fields),
  });
};

/** A multipart post with files, as a browser sends a form holding a file input. */
function postFiles(
  url: string,
  fields: Record<string, string>,
  files: Array<{ name: string; filename: string; bytes: Buffer }>,
) {
  const boundary = '----formsPublic9Qd3';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: a.host,
      origin: `http://${a.host}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(chunks),
  });
}

const submissionsOf = async (form: Form, site = a) => {
  const res = await site.call('admin', 'GET', `/api/forms/forms/${form.id}/submissions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Submission[];
};
const refusalsOf = async (form: Form) =>
  ((await a.call('admin', 'GET', `/api/forms/forms/${form.id}`)).json().data as Form).refusals;
const tablesOf = (site: ContentSite) => t.runtime.data.site(site.siteId) as unknown as FormsDb;
const isStored = async (key: string) => (await t.runtime.storage.get(key)) !== null;

/** A mail's quoted-printable parts as text (its headers are left as they are). */
const unquoted = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails the SMTP server received so far. */
const received = () => smtp.inbox.map((mail) => ({ to: mail.to, raw: unquoted(mail.raw) }));

/** The mail to `to` holding `text` (a form's title, unique to a test), once it arrives. */
async function mailTo(to: string, text: string): Promise<string> {
  const find = () => received().find((mail) => mail.to.includes(to) && mail.raw.includes(text));
  await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
  return find()?.raw ?? '';
}

// The first bytes of a PNG, enough for its kind to be sniffed, and an executable's under a picture's name.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe(`the forms plugin on the site (${testEngine})`, () => {
  it('shows a form on its own page, in each language, with a token and never cached', async () => {
    await createForm({
      title: 'Contact us',
      slug: 'contact',
      fields: contactFields,
      translations: { fr: { title: 'Nous écrire', fields: { name: { label: 'Nom' } } } },
    });
    const page = await visit('/forms/contact');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<h1 class="tb-form-title">Contact us</h1>');
    expect(page.body).toContain('<form class="tb-form-form" method="post" action="/forms/contact">');
    expect(tokenOf(page.body)).not.toBe('');
    expect(page.body).toContain('name="_website"');

    const french = await visit('/fr/forms/contact');
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<h1 class="tb-form-title">Nous écrire</h1>');
    expect(french.body).toContain('action="/fr/forms/contact"');
    expect(french.body).toMatch(/<label class="tb-form-label" for="[^"]+-name">Nom/);

    const missing = await visit('/forms/no-such-form');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This form does not exist');
    // Another site's form is not this site's.
    expect((await visit('/forms/contact', b)).statusCode).toBe(404);
  });

  it('keeps a submission, with the form’s version and the page’s language, and says it was sent', async () => {
    const form = await createForm({ title: 'Keep', fields: contactFields });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: ' Ada ',
      email: 'ada@example.com',
      topics: ['boats', 'nets'],
      message: 'Line one\r\nLine two',
      _website: '',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/forms/${form.slug}/sent`);
    const [kept, ...more] = await submissionsOf(form);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      form_version: 1,
      locale: 'en',
      values: {
        name: 'Ada',
        email: 'ada@example.com',
        topics: ['boats', 'nets'],
        message: 'Line one\nLine two',
      },
      files: [],
    });
    const sent = await visit(res.headers.location ?? '');
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['cache-control']).toMatch(/^public/);
    expect(sent.body).toContain('Thank you: your message has been sent.');
  });

  it('sends a form breaking its rules back (422), what was typed kept, faults beside their fields', async () => {
    const form = await createForm({ title: 'Rules', fields: contactFields });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Grace <b>',
      email: 'not an address',
      topics: ['boats', 'sails'],
      message: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('value="Grace &lt;b&gt;"');
    expect(res.body).toContain('value="not an address"');
    expect(res.body).toMatch(
      /<input type="checkbox" id="[^"]+-topics-0" name="topics" value="boats" checked/,
    );
    const prefix = `tb-form-${form.id}`;
    expect(res.body).toContain(`<p class="tb-form-error" id="${prefix}-email-error">Enter an email address`);
    expect(res.body).toContain(
      `<p class="tb-form-error" id="${prefix}-topics-error">Choose among the options`,
    );
    expect(res.body).toContain(
      `<p class="tb-form-error" id="${prefix}-message-error">This field is required.`,
    );
    // Focus goes to the first faulty field, and the list above the form leads to each.
    expect(res.body).toMatch(
      new RegExp(`id="${prefix}-email" type="email"[^>]*aria-invalid="true" autofocus`),
    );
    expect(res.body.match(/autofocus/g)).toHaveLength(1);
    expect(res.body).toContain(`<a href="#${prefix}-email">Email: Enter an email address`);
    // A fresh token to send it again with.
    expect(tokenOf(res.body)).not.toBe('');
    expect(await submissionsOf(form)).toEqual([]);
  });

  it('checks a field’s pattern on the server in linear time, whatever pattern an admin wrote', async () => {
    const form = await createForm({
      title: 'Codes',
      fields: [{ name: 'code', type: 'text', label: 'Code', pattern: '((a+))+' }],
    });
    // 40 a's and a b: minutes for a backtracking engine, nothing for RE2.
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      code: `${'a'.repeat(40)}b`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`id="tb-form-${form.id}-code-error"`);
  });

  it('answers a filled honeypot as if sent, keeping nothing, and counts it', async () => {
    const form = await createForm({ title: 'Honeypot', fields: contactFields });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Robot',
      email: 'robot@example.com',
      message: 'Buy now',
      _website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/forms/${form.slug}/sent`);
    expect(await submissionsOf(form)).toEqual([]);
    expect(await refusalsOf(form)).toMatchObject({ honeypot: 1, too_fast: 0, links: 0 });
  });

  it('refuses a form sent sooner than the minimum fill time of the settings, and counts it', async () => {
    // The form keeps the setting's minimum (3 seconds by default).
    const form = await createForm({
      title: 'Too fast',
      fields: contactFields,
      settings: { min_seconds: null },
    });
    const fields = { name: 'Quick', email: 'quick@example.com', message: 'Hello' };
    const token = await tokenFor(form.slug);
    const early = await post(`/forms/${form.slug}`, { form_token: token, ...fields });
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain('This form was sent too quickly after it was shown.');
    expect(early.body).toContain('value="Quick"');
    expect(await refusalsOf(form)).toMatchObject({ too_fast: 1 });
    // Four seconds after the page was shown, the same token goes through.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 4000);
    try {
      expect((await post(`/forms/${form.slug}`, { form_token: token, ...fields })).statusCode).toBe(303);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await submissionsOf(form)).toHaveLength(1);
  });

  it('refuses more links than the form takes, beside the field holding them, and counts it', async () => {
    const form = await createForm({ title: 'Links', fields: contactFields, settings: { max_links: 1 } });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Linker',
      email: 'linker@example.com',
      message: 'See https://a.example and www.b.example',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(
      `<p class="tb-form-error" id="tb-form-${form.id}-message-error">Too many links: at most 1 in this form.</p>`,
    );
    expect(await refusalsOf(form)).toMatchObject({ links: 1 });
    expect(await submissionsOf(form)).toEqual([]);
    const one = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Linker',
      email: 'linker@example.com',
      message: 'See https://a.example',
    });
    expect(one.statusCode).toBe(303);
  });

  it('answers a stale or forged token and a post from elsewhere with the form again (403), counted', async () => {
    const form = await createForm({ title: 'Tokens', fields: contactFields });
    const fields = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    const token = await tokenFor(form.slug);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 3 * 3_600_000);
    let stale: Awaited<ReturnType<typeof post>>;
    try {
      stale = await post(`/forms/${form.slug}`, { form_token: token, ...fields });
    } finally {
      vi.restoreAllMocks();
    }
    expect(stale.statusCode).toBe(403);
    expect(stale.headers['cache-control']).toContain('no-store');
    expect(stale.body).toContain('This form expired; it has been reloaded, send it again.');
    expect(stale.body).toContain('value="Ada"');
    // Its token was made at the (mocked) time of the refusal: the visitor's next page is now.
    expect(tokenOf(stale.body)).not.toBe('');
    expect(tokenOf(stale.body)).not.toBe(token);

    const forged = await post(`/forms/${form.slug}`, {
      form_token: `${token.split('.')[0]}.forged`,
      ...fields,
    });
    expect(forged.statusCode).toBe(403);
    const missing = await post(`/forms/${form.slug}`, fields);
    expect(missing.statusCode).toBe(403);
    const fresh = tokenOf(missing.body);
    const elsewhere = await post(
      `/forms/${form.slug}`,
      { form_token: fresh, ...fields },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body).toContain('This form must be sent from a page of this site');
    expect(await refusalsOf(form)).toMatchObject({ token: 3, origin: 1 });
    // The reloaded form goes through.
    expect((await post(`/forms/${form.slug}`, { form_token: fresh, ...fields })).statusCode).toBe(303);
  });

  it('holds each address to the plugin’s budget a minute, or the form’s own: 429 with the form’s message', async () => {
    const set = await a.call('admin', 'PUT', '/api/settings/forms', { per_minute: 2 });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const form = await createForm({
        title: 'Budget',
        fields: contactFields,
        settings: { per_minute: null },
      });
      const fields = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
      const token = await tokenFor(form.slug);
      for (let i = 0; i < 2; i++)
        expect((await post(`/forms/${form.slug}`, { form_token: token, ...fields })).statusCode).toBe(303);
      const past = await post(`/forms/${form.slug}`, { form_token: token, ...fields, name: 'Third' });
      expect(past.statusCode).toBe(429);
      expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
      expect(past.body).toContain('Too many submissions from your address; try again in 1 minute.');
      expect(past.body).toContain('value="Third"');
      expect(await refusalsOf(form)).toMatchObject({ rate_limited: 1 });
      expect(await submissionsOf(form)).toHaveLength(2);

      // A form's own budget wins over the setting's, and another form's budget is its own.
      const own = await createForm({
        title: 'Own budget',
        fields: contactFields,
        settings: { per_minute: 1 },
      });
      const ownToken = await tokenFor(own.slug);
      expect((await post(`/forms/${own.slug}`, { form_token: ownToken, ...fields })).statusCode).toBe(303);
      expect((await post(`/forms/${own.slug}`, { form_token: ownToken, ...fields })).statusCode).toBe(429);
    } finally {
      await a.call('admin', 'PUT', '/api/settings/forms', { per_minute: 5 });
    }
  });

  it('keeps a PNG sent with the form, refuses a disguised executable and a file too large', async () => {
    const form = await createForm({
      title: 'Photos',
      fields: [
        { name: 'name', type: 'text', label: 'Name' },
        { name: 'photo', type: 'file', label: 'Photo', required: true, max_size_mb: 1 },
      ],
    });
    const page = await visit(`/forms/${form.slug}`);
    expect(page.body).toContain('enctype="multipart/form-data"');
    const token = tokenOf(page.body);

    const disguised = await postFiles(`/forms/${form.slug}`, { form_token: token, name: 'Eve' }, [
      { name: 'photo', filename: 'cute-cat.png', bytes: EXE },
    ]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.body).toContain('cute-cat.png is not a kind of file this form takes.');
    expect(disguised.body).toContain('value="Eve"');
    const large = await postFiles(`/forms/${form.slug}`, { form_token: token, name: 'Eve' }, [
      { name: 'photo', filename: 'huge.png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) },
    ]);
    expect(large.statusCode).toBe(422);
    expect(large.body).toContain('huge.png is larger than 1 MB.');
    expect(await submissionsOf(form)).toEqual([]);

    const accepted = await postFiles(`/forms/${form.slug}`, { form_token: token, name: 'Ada' }, [
      { name: 'photo', filename: 'harbour.png', bytes: PNG },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(303);
    const [kept] = await submissionsOf(form);
    expect(kept?.files).toEqual([
      {
        id: expect.any(Number),
        field: 'photo',
        filename: 'harbour.png',
        content_type: 'image/png',
        size: PNG.length,
      },
    ]);
    const rows = await tablesOf(a)
      .selectFrom('forms_files')
      .selectAll()
      .where('submission_id', '=', kept?.id ?? 0)
      .execute();
    expect(rows).toHaveLength(1);
    const key = rows[0]?.storage_key ?? '';
    expect(key).toMatch(new RegExp(`^${a.siteId}/plugins/forms/`));
    expect(await isStored(key)).toBe(true);

    // Downloaded by those reading submissions only.
    const fileUrl = `/api/forms/files/${kept?.files[0]?.id}`;
    const download = await a.call('admin', 'GET', fileUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="harbour.png"');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    await grant(a, 'contributor', 'forms.submissions');
    expect((await a.call('contributor', 'GET', fileUrl)).statusCode).toBe(200);
    expect((await a.call('editor', 'GET', fileUrl)).statusCode).toBe(403);
    expect((await a.call('anonymous', 'GET', fileUrl)).statusCode).toBe(401);
    expect((await b.call('admin', 'GET', fileUrl)).statusCode).toBe(404);
    // Never under the media library's public address.
    expect((await visit(`/media/${key.split('/').slice(-3).join('/')}`)).statusCode).toBe(404);

    // Gone with its submission.
    expect((await a.call('admin', 'DELETE', `/api/forms/submissions/${kept?.id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', fileUrl)).statusCode).toBe(404);
    await expect.poll(() => isStored(key)).toBe(false);
  });

  it('mails the site’s administrators when the form names no one, replying to the visitor', async () => {
    const form = await createForm({
      title: 'Ask the staff',
      fields: contactFields,
      settings: { reply_to_field: 'email' },
    });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topics: ['boats', 'nets'],
      message: 'Do you sail on Sundays?',
    });
    expect(res.statusCode).toBe(303);
    // Each Admin and Super Admin of the site gets one, in their language.
    for (const to of [a.users.admin.email, a.users.super_admin.email]) {
      const raw = await mailTo(to, 'Subject: New submission: Ask the staff');
      expect(raw).toMatch(/^Reply-To: ada@example\.com/m);
      expect(raw).toContain('Ada Lovelace');
      expect(raw).toContain('boats, nets');
      expect(raw).toContain(`https://${a.host}/forms/${form.slug}`);
      const [kept] = await submissionsOf(form);
      expect(raw).toContain(`https://${a.host}/admin/plugins/forms/submissions/${form.id}?open=${kept?.id}`);
    }
    const mailed = received().filter((mail) => mail.raw.includes('Ask the staff'));
    expect(mailed.flatMap((mail) => mail.to)).not.toContain(a.users.editor.email);
  });

  it('mails the form’s recipients, and the visitor a copy in their language', async () => {
    const form = await createForm({
      title: 'Bookings',
      fields: contactFields,
      settings: {
        recipients: ['desk@harbour.example'],
        reply_to_field: 'email',
        confirmation: { enabled: true, email_field: 'email' },
      },
      translations: { fr: { title: 'Réservations', fields: { message: { label: 'Votre message' } } } },
    });
    const res = await post(`/fr/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug, '/fr'),
      name: 'Zoë',
      email: 'zoe@example.com',
      message: 'Une table pour quatre',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/fr/forms/${form.slug}/sent`);
    const notification = await mailTo('desk@harbour.example', 'Subject: New submission: Bookings');
    expect(notification).toMatch(/^Reply-To: zoe@example\.com/m);
    const copy = await mailTo('zoe@example.com', 'Une table pour quatre');
    expect(copy).toMatch(/Subject: =\?UTF-8\?|Subject: Nous avons bien reçu/);
    expect(copy).toContain('Votre message');
    expect(copy).toContain('Une table pour quatre');
    expect(copy).toContain(`https://${a.host}/fr/forms/${form.slug}`);
    const mailed = received().filter((mail) => mail.raw.includes('Une table pour quatre'));
    expect(mailed.flatMap((mail) => mail.to).sort()).toEqual(['desk@harbour.example', 'zoe@example.com']);
  });

  it('announces each submission to the site’s webhooks (form.submitted) and to the forms.submitted hook', async () => {
    const catalogue = (await a.call('admin', 'GET', '/api/webhooks/events')).json().data as Array<{
      name: string;
    }>;
    expect(catalogue.map((event) => event.name)).toContain('form.submitted');
    const hook = await a.call('admin', 'POST', '/api/webhooks', {
      url: 'https://hooks.example.org/forms',
      events: ['form.submitted'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const form = await createForm({ title: 'Announced', fields: contactFields });
    const res = await post(`/forms/${form.slug}`, {
      form_token: await tokenFor(form.slug),
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(303);
    const [kept] = await submissionsOf(form);
    const deliveries = (
      await a.call('admin', 'GET', `/api/webhooks/${hook.json().data.id}/deliveries`)
    ).json().data as Array<{ event: string; body: string }>;
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['form.submitted']);
    const sent = JSON.parse(deliveries[0]?.body ?? '{}');
    expect(sent.data).toMatchObject({
      form: { id: form.id, slug: 'announced', title: 'Announced' },
      submission: {
        id: kept?.id,
        values: { name: 'Ada', email: 'ada@example.com' },
        files: [],
        locale: 'en',
      },
    });
    await expect.poll(() => heard().some((each) => each.event.submission.id === kept?.id)).toBe(true);
    expect(heard().find((each) => each.event.submission.id === kept?.id)?.site).toBe(a.siteId);
  });

  it('shows a form in a block of a published page, kept by the page cache with a working token', async () => {
    const form = await createForm({ title: 'Newsletter desk', fields: contactFields });
    const created = await a.call('editor', 'POST', '/api/pages', {
      title: 'Write to us',
      blocks: [{ id: 'form1', type: 'forms.form', props: { form_id: form.id, show_title: true } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    expect((await a.call('editor', 'POST', `/api/pages/${page.id}/publish`, {})).statusCode).toBe(200);
    const first = await visit(`/${page.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public/);
    expect(first.body).toContain('<h2 class="tb-form-title">Newsletter desk</h2>');
    expect(first.body).toContain(`action="/forms/${form.slug}"`);
    expect(first.body).toContain(`id="tb-form-${form.id}-form1-name"`);
    const token = tokenOf(first.body);
    expect(token).not.toBe('');
    // The second visit is the page cache's: the same bytes, the same token.
    const second = await visit(`/${page.slug}`);
    expect(second.body).toBe(first.body);
    const sent = await post(`/forms/${form.slug}`, {
      form_token: token,
      name: 'Ada',
      email: 'ada@example.com',
      message: 'From the page',
    });
    expect(sent.statusCode).toBe(303);
    expect((await submissionsOf(form))[0]?.values.message).toBe('From the page');
    // A submission changes nothing the page shows: it stays in the page cache.
    expect(tokenOf((await visit(`/${page.slug}`)).body)).toBe(token);

    // Saved, the form shows as saved on the cached page; deleted, it shows nothing.
    const saved = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      title: 'Harbour desk',
      slug: form.slug,
      fields: form.fields,
      settings: form.settings,
      translations: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await visit(`/${page.slug}`)).body).toContain('<h2 class="tb-form-title">Harbour desk</h2>');
    expect((await a.call('admin', 'DELETE', `/api/forms/forms/${form.id}`)).statusCode).toBe(204);
    const after = await visit(`/${page.slug}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('tb-form-form');
  });

  it('shows the builder a form that cannot be sent, and a placeholder naming the forms to choose from', async () => {
    const form = await createForm({ title: 'On the canvas', fields: contactFields });
    const draft = (await a.call('editor', 'POST', '/api/pages', { title: 'Draft' })).json().data;
    const canvas = await a.call('editor', 'POST', '/api/builder/canvas', {
      entry_id: draft.id,
      blocks: [
        { id: 'chosen', type: 'forms.form', props: { form_id: form.id, show_title: false } },
        { id: 'empty', type: 'forms.form', props: { form_id: null, show_title: true } },
        { id: 'gone', type: 'forms.form', props: { form_id: 999_999, show_title: true } },
      ],
    });
    expect(canvas.statusCode, canvas.body).toBe(200);
    const shown = canvas.json().data.plugin_blocks as Record<string, string>;
    expect(shown.chosen).toContain('tb-form-form');
    expect(shown.chosen).not.toContain('form_token');
    expect(shown.chosen).not.toContain('tb-form-title');
    expect(shown.empty).toContain('choose the form to show');
    expect(shown.empty).toContain(`${form.id}: On the canvas`);
    expect(shown.gone).toContain('form 999999 was deleted');
    // On the site, a block without a form shows nothing.
    const page = await a.call('editor', 'POST', '/api/pages', {
      title: 'Empty form block',
      blocks: [{ id: 'empty', type: 'forms.form', props: { form_id: null, show_title: true } }],
    });
    await a.call('editor', 'POST', `/api/pages/${page.json().data.id}/publish`, {});
    const site = await visit(`/${page.json().data.slug}`);
    expect(site.statusCode).toBe(200);
    expect(site.body).not.toContain('tb-form-placeholder');
  });

  it('posts in French from a French page, answering in French', async () => {
    const form = await createForm({
      title: 'Quote',
      fields: contactFields,
      translations: {
        fr: { title: 'Devis', submit_label: 'Envoyer', success_message: 'Merci, à bientôt !', fields: {} },
      },
    });
    const english = await a.call('editor', 'POST', '/api/pages', {
      title: 'Quote',
      blocks: [{ id: 'quote', type: 'forms.form', props: { form_id: form.id, show_title: true } }],
    });
    expect(english.statusCode, english.body).toBe(201);
    const translation = await a.call('editor', 'POST', `/api/pages/${english.json().data.id}/translations`, {
      locale: 'fr',
    });
    expect(translation.statusCode, translation.body).toBe(201);
    const frId = translation.json().data.id;
    const draft = (await a.call('editor', 'GET', `/api/pages/${frId}`)).json().data;
    const saved = await a.call('editor', 'PUT', `/api/pages/${frId}`, {
      title: 'Devis',
      slug: 'devis',
      version: draft.version,
      blocks: [{ id: 'quote', type: 'forms.form', props: { form_id: form.id, show_title: true } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await a.call('editor', 'POST', `/api/pages/${frId}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const shown = await visit(published.json().data.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<h2 class="tb-form-title">Devis</h2>');
    expect(shown.body).toContain(`action="/fr/forms/${form.slug}"`);
    expect(shown.body).toContain('>Envoyer</button>');
    const token = tokenOf(shown.body);

    const faulty = await post(`/fr/forms/${form.slug}`, {
      form_token: token,
      name: 'Zoë',
      email: 'zoe',
      message: '',
    });
    expect(faulty.statusCode).toBe(422);
    expect(faulty.body).toContain('<html lang="fr"');
    expect(faulty.body).toContain('Veuillez corriger ce qui suit :');
    expect(faulty.body).toContain('Saisissez une adresse électronique');
    expect(faulty.body).toContain('Ce champ est obligatoire.');

    const sent = await post(`/fr/forms/${form.slug}`, {
      form_token: token,
      name: 'Zoë',
      email: 'zoe@example.com',
      message: 'Un devis, svp',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/fr/forms/${form.slug}/sent`);
    expect((await visit(sent.headers.location ?? '')).body).toContain('Merci, à bientôt !');
    expect((await submissionsOf(form))[0]?.locale).toBe('fr');
  });

  it('sends the visitor to the form’s own page of the site after a submission, or on from its sent page', async () => {
    const local = await createForm({
      title: 'Redirected',
      fields: contactFields,
      settings: { success: { kind: 'redirect', to: '/thanks' } },
    });
    const fields = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    const here = await post(`/forms/${local.slug}`, { form_token: await tokenFor(local.slug), ...fields });
    expect(here.statusCode).toBe(303);
    expect(here.headers.location).toBe('/thanks');
    const away = await createForm({
      title: 'Elsewhere',
      fields: contactFields,
      settings: { success: { kind: 'redirect', to: 'https://crm.example.org/thanks' } },
    });
    const there = await post(`/forms/${away.slug}`, { form_token: await tokenFor(away.slug), ...fields });
    expect(there.headers.location).toBe(`/forms/${away.slug}/sent`);
    const sent = await visit(there.headers.location ?? '');
    expect(sent.body).toContain(
      '<a class="tb-form-continue" href="https://crm.example.org/thanks">Continue</a>',
    );
  });

  it('removes submissions past the retention setting with the files sent with them', async () => {
    const form = await createForm({
      title: 'Retained',
      fields: [{ name: 'scan', type: 'file', label: 'Scan' }],
    });
    const res = await postFiles(`/forms/${form.slug}`, { form_token: await tokenFor(form.slug) }, [
      { name: 'scan', filename: 'scan.png', bytes: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(303);
    const [kept] = await submissionsOf(form);
    const db = tablesOf(a);
    const [file] = await db
      .selectFrom('forms_files')
      .selectAll()
      .where('submission_id', '=', kept?.id ?? 0)
      .execute();
    expect(await isStored(file?.storage_key ?? '')).toBe(true);
    await db
      .updateTable('forms_submissions')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', kept?.id ?? 0)
      .execute();
    const set = await a.call('admin', 'PUT', '/api/settings/forms', { retention_days: 30 });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const job = await t.runtime.jobs.queue.enqueue('forms.retention', {}, { siteId: a.siteId });
      await waitFor(
        async () => (await t.runtime.jobs.queue.get(job))?.status === 'completed',
        'the retention job',
      );
    } finally {
      await a.call('admin', 'PUT', '/api/settings/forms', { retention_days: 0 });
    }
    expect(await submissionsOf(form)).toEqual([]);
    await expect.poll(() => isStored(file?.storage_key ?? '')).toBe(false);
  });
});
