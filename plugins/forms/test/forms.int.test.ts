import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerForRuntime } from '../../../apps/server/src/core/jobs/worker.js';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { waitFor } from '../../../apps/server/test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../apps/server/test/harness.js';
import type { Form, Submission, SubmittedValues } from '../src/model.js';
import type { FormsDb } from '../src/repo.js';
import { insertSubmission } from '../src/repo-submissions.js';
import { contactFields, grant } from './fixtures.js';

// The plugin as Tessera ships it: recorded from plugins/ at start, switched on per site.
let t: TestContext;
let a: ContentSite;
let b: ContentSite;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'forms-a.test');
  b = await seedContentSite(t.app, t.runtime, 'forms-b.test');
  const languages = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
  expect(languages.statusCode, languages.body).toBe(200);
  for (const site of [a, b]) {
    const on = await site.call('admin', 'PUT', '/api/plugins/forms/active', { active: true });
    expect(on.statusCode, on.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

async function createForm(site: ContentSite, body: Record<string, unknown>): Promise<Form> {
  const res = await site.call('admin', 'POST', '/api/forms/forms', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Form;
}

const contact = { title: 'Contact us', fields: contactFields };

/** The plugin's tables on a site, as its own handle scopes them. */
const tablesOf = (site: ContentSite) => t.runtime.data.site(site.siteId) as unknown as FormsDb;

/** A file kept in the plugin's private storage on a site, and its row as phase 2 will keep it. */
async function storedCv(site: ContentSite, filename = 'cv.pdf', bytes = '%PDF-1.4 cv') {
  const storage_key = `${site.siteId}/plugins/forms/2026/04/${randomBytes(16).toString('hex')}`;
  await t.runtime.storage.put(storage_key, { bytes: Buffer.from(bytes) }, 'application/pdf');
  return { field: 'cv', filename, content_type: 'application/pdf', size: 10, storage_key, sha256: 'x' };
}
const isStored = async (key: string) => (await t.runtime.storage.get(key)) !== null;

/** Submissions written as phase 2's `submit` will write them: through the plugin's repo, on the site's scoped handle. */
function submit(
  site: ContentSite,
  form: Form,
  values: SubmittedValues,
  created_at: string,
  read_at: string | null = null,
) {
  const db = tablesOf(site);
  return insertSubmission(db, {
    form_id: form.id,
    form_version: form.version,
    values,
    locale: 'en',
    created_at,
    read_at,
  });
}

describe(`the forms plugin (${testEngine})`, () => {
  it('declares its permissions, its settings group with their defaults, and its two mails in English and French', async () => {
    const catalogue = JSON.stringify((await a.call('admin', 'GET', '/api/permissions')).json().data);
    expect(catalogue).toContain('forms.manage');
    expect(catalogue).toContain('forms.submissions');
    const settings = await a.call('admin', 'GET', '/api/settings/forms');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toMatchObject({
      per_minute: 5,
      min_seconds: 3,
      max_links: 3,
      retention_days: 0,
      max_upload_mb: 10,
    });
    const events = (await a.call('admin', 'GET', '/api/email-templates')).json().data as Array<{
      event: string;
      variables: Array<{ name: string }>;
    }>;
    const notification = events.find((event) => event.event === 'forms.notification');
    expect(notification?.variables.map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['form.title', 'form.url', 'submission.url', 'fields']),
    );
    expect(events.map((event) => event.event)).toContain('forms.confirmation');
  });

  it('creates a form with its slug from the title, filling what each field left out', async () => {
    const form = await createForm(a, contact);
    expect(form).toMatchObject({ slug: 'contact-us', title: 'Contact us', version: 1, submission_count: 0 });
    expect(form.settings).toMatchObject({
      submit_label: 'Send',
      recipients: [],
      success: { kind: 'message' },
    });
    expect(form.refusals).toEqual({
      honeypot: 0,
      too_fast: 0,
      token: 0,
      rate_limited: 0,
      links: 0,
      origin: 0,
    });
    expect(form.fields[0]).toEqual({
      name: 'name',
      type: 'text',
      label: 'Name',
      help: '',
      placeholder: '',
      required: true,
      default: null,
      width: 'full',
      options: [],
      multiple: false,
      min_length: null,
      max_length: null,
      min: null,
      max: null,
      min_date: null,
      max_date: null,
      pattern: null,
      accept: [],
      max_size_mb: null,
      max_files: null,
      consent_text: '',
      consent_url: null,
    });
    // A second form of the same title takes the next free slug; a slug asked for and taken is 409.
    expect((await createForm(a, { title: 'Contact us' })).slug).toBe('contact-us-2');
    const taken = await a.call('admin', 'POST', '/api/forms/forms', { title: 'Other', slug: 'contact-us' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('form_slug_taken');
    const read = await a.call('admin', 'GET', `/api/forms/forms/${form.id}`);
    expect(read.json().data).toEqual(form);
  });

  it('refuses a definition that does not hold, with a message by path (422)', async () => {
    const res = await a.call('admin', 'POST', '/api/forms/forms', {
      title: 'Broken',
      fields: [
        { name: 'email', type: 'email', label: 'Email' },
        { name: 'email', type: 'text', label: 'Email again' },
        { name: 'size', type: 'select', label: 'Size', options: [{ value: 's', label: 'S' }], default: 'xl' },
        { name: 'code', type: 'text', label: 'Code', pattern: '(ab' },
        // Browsers run it; the server's engine (RE2, linear time) has no backreferences.
        { name: 'twice', type: 'text', label: 'Twice', pattern: '(a)\\1' },
      ],
      settings: { recipients: ['nobody'], reply_to_field: 'code' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'fields.1.name': ['Another field is named email.'],
      'fields.2.default': ['The default must be one of the options.'],
      'fields.3.pattern': ['This is not a regular expression browsers can run.'],
      'fields.4.pattern': [expect.stringMatching(/backreference/i)],
      'settings.recipients.0': ['This is not an email address.'],
      'settings.reply_to_field': ['No email field is named code.'],
    });
    // The schema's own checks come first, by path too.
    const shape = await a.call('admin', 'POST', '/api/forms/forms', {
      title: 'Shape',
      fields: [{ name: 'Bad Name', type: 'colour', label: 'X' }],
    });
    expect(shape.statusCode).toBe(422);
    expect(Object.keys(shape.json().errors)).toEqual(
      expect.arrayContaining(['fields.0.name', 'fields.0.type']),
    );
    const list = (await a.call('admin', 'GET', '/api/forms/forms')).json().data as Form[];
    expect(list.map((each) => each.title)).not.toContain('Broken');
  });

  it('saves a form, making a new version only when its fields change, and keeps each version’s fields', async () => {
    const form = await createForm(a, { ...contact, title: 'Versions' });
    const body = {
      title: form.title,
      slug: form.slug,
      fields: form.fields,
      settings: form.settings,
      translations: {},
    };
    const retitled = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      ...body,
      title: 'Versions, renamed',
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().data).toMatchObject({ title: 'Versions, renamed', version: 1 });
    await submit(a, form, { name: 'Ada' }, new Date().toISOString());

    const fields = [...form.fields, { name: 'phone', type: 'phone', label: 'Phone' }];
    const saved = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      ...body,
      fields,
      translations: { fr: { title: 'Versions', fields: { phone: { label: 'Téléphone' } } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: 2,
      translations: { fr: { fields: { phone: { label: 'Téléphone' } } } },
    });
    const listed = await a.call('admin', 'GET', `/api/forms/forms/${form.id}/submissions`);
    const [old] = listed.json().data.items as Submission[];
    expect(old?.form_version).toBe(1);
    expect(old?.fields.map((field) => field.name)).toEqual(['name', 'email', 'topics', 'message']);

    const other = await createForm(a, { title: 'Taken slug' });
    const clash = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      ...body,
      fields,
      slug: other.slug,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('form_slug_taken');
    // A language the site does not have (or no longer has) keeps no translation.
    const unknownLanguage = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      ...body,
      fields,
      translations: { de: { title: 'Versionen', fields: {} }, fr: { title: 'Versions', fields: {} } },
    });
    expect(unknownLanguage.statusCode, unknownLanguage.body).toBe(200);
    expect(unknownLanguage.json().data.translations).toEqual({ fr: { title: 'Versions', fields: {} } });
    const stale = await a.call('admin', 'PUT', `/api/forms/forms/${form.id}`, {
      ...body,
      fields,
      translations: { fr: { fields: { fax: { label: 'Fax' } } } },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toEqual({ 'translations.fr.fields.fax': ['No field is named fax.'] });
  });

  it('previews a form as the site shows it, without a token', async () => {
    const res = await a.call('admin', 'POST', '/api/forms/preview', {
      form: { title: 'Preview', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }] },
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json().data.html as string;
    expect(html).toContain('<input id="tb-form-preview-email" type="email" name="email"');
    expect(html).toContain('required');
    expect(html).not.toContain('form_token');
  });

  it('lets an Author hold neither permission, and an Editor neither unless granted', async () => {
    const form = await createForm(a, { title: 'Permissions' });
    for (const [method, url, body] of [
      ['GET', '/api/forms/forms', undefined],
      ['POST', '/api/forms/forms', { title: 'Mine' }],
      ['GET', `/api/forms/forms/${form.id}`, undefined],
      [
        'PUT',
        `/api/forms/forms/${form.id}`,
        { title: 'x', slug: 'x', fields: [], settings: {}, translations: {} },
      ],
      ['DELETE', `/api/forms/forms/${form.id}`, undefined],
      ['POST', '/api/forms/preview', { form: { title: 'x', fields: [] }, locale: 'en' }],
      ['GET', `/api/forms/forms/${form.id}/submissions`, undefined],
      ['POST', '/api/forms/submissions/delete', { ids: [1] }],
    ] as const) {
      const res = await a.call('author', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await a.call('anonymous', 'GET', '/api/forms/forms')).statusCode).toBe(401);
  });

  it('lets a role holding forms.submissions alone read forms and their submissions, not change forms', async () => {
    const form = await createForm(a, { ...contact, title: 'Inbox' });
    const id = await submit(a, form, { name: 'Ada' }, new Date().toISOString());
    await grant(a, 'contributor', 'forms.submissions');
    expect((await a.call('contributor', 'GET', '/api/forms/forms')).statusCode).toBe(200);
    expect((await a.call('contributor', 'GET', `/api/forms/forms/${form.id}`)).statusCode).toBe(200);
    expect((await a.call('contributor', 'GET', `/api/forms/forms/${form.id}/submissions`)).statusCode).toBe(
      200,
    );
    expect(
      (await a.call('contributor', 'PATCH', `/api/forms/submissions/${id}`, { read: true })).statusCode,
    ).toBe(200);
    expect((await a.call('contributor', 'POST', '/api/forms/forms', { title: 'Mine' })).statusCode).toBe(403);
    expect((await a.call('contributor', 'DELETE', `/api/forms/forms/${form.id}`)).statusCode).toBe(403);
  });

  it('keeps each site’s forms and submissions to itself', async () => {
    const form = await createForm(a, { ...contact, title: 'Site A only' });
    const id = await submit(a, form, { name: 'Ada' }, new Date().toISOString());
    const onB = (await b.call('admin', 'GET', '/api/forms/forms')).json().data as Form[];
    expect(onB.map((each) => each.id)).not.toContain(form.id);
    for (const [method, url] of [
      ['GET', `/api/forms/forms/${form.id}`],
      ['DELETE', `/api/forms/forms/${form.id}`],
      ['GET', `/api/forms/forms/${form.id}/submissions`],
      ['GET', `/api/forms/submissions/${id}`],
      ['DELETE', `/api/forms/submissions/${id}`],
    ] as const)
      expect((await b.call('admin', method, url)).statusCode, `${method} ${url}`).toBe(404);
    const bulk = await b.call('admin', 'POST', '/api/forms/submissions/delete', { ids: [id] });
    expect(bulk.json().data).toEqual({ deleted: 0 });
    expect((await a.call('admin', 'GET', `/api/forms/submissions/${id}`)).statusCode).toBe(200);
  });

  it('lists submissions newest first with search, dates, read or not, and pages', async () => {
    const form = await createForm(a, { ...contact, title: 'Filters' });
    const ids = {
      ada: await submit(
        a,
        form,
        { name: 'Ada Lovelace', email: 'ada@example.com', topics: ['boats'] },
        '2026-03-01T10:00:00.000Z',
      ),
      grace: await submit(
        a,
        form,
        { name: 'Grace', email: 'grace@example.com', message: 'A 50% discount?' },
        '2026-03-02T23:30:00.000Z',
        '2026-03-03T08:00:00.000Z',
      ),
      linus: await submit(
        a,
        form,
        { name: 'Linus', email: 'linus@example.com', topics: ['nets', 'boats'] },
        '2026-03-05T09:00:00.000Z',
      ),
    };
    const list = async (query: string) => {
      const res = await a.call('admin', 'GET', `/api/forms/forms/${form.id}/submissions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: Submission[]; total: number; page: number; per_page: number };
    };
    const names = async (query: string) => (await list(query)).items.map((item) => item.id);

    expect(await names('')).toEqual([ids.linus, ids.grace, ids.ada]);
    expect(await names('?q=LOVELACE')).toEqual([ids.ada]);
    expect(await names('?q=nets')).toEqual([ids.linus]);
    expect(await names('?q=50%25')).toEqual([ids.grace]);
    expect(await names('?q=5_%25')).toEqual([]);
    expect(await names('?from=2026-03-02&to=2026-03-02')).toEqual([ids.grace]);
    expect(await names('?from=2026-03-03')).toEqual([ids.linus]);
    expect(await names('?read=true')).toEqual([ids.grace]);
    expect(await names('?read=false')).toEqual([ids.linus, ids.ada]);
    const page = await list('?per_page=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.items.map((item) => item.id)).toEqual([ids.ada]);
    expect(page.items[0]?.values).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topics: ['boats'],
    });

    // The site's days are its time zone's: 23:30 UTC on the 2nd is the 3rd in Paris.
    const zone = await a.call('admin', 'PUT', '/api/settings/general', { time_zone: 'Europe/Paris' });
    expect(zone.statusCode, zone.body).toBe(200);
    try {
      expect(await names('?from=2026-03-03&to=2026-03-03')).toEqual([ids.grace]);
    } finally {
      await a.call('admin', 'PUT', '/api/settings/general', { time_zone: 'UTC' });
    }
    const bad = await a.call('admin', 'GET', `/api/forms/forms/${form.id}/submissions?per_page=101`);
    expect(bad.statusCode).toBe(422);

    const counted = (await a.call('admin', 'GET', `/api/forms/forms/${form.id}`)).json().data as Form;
    expect(counted).toMatchObject({ submission_count: 3, unread_count: 2 });
  });

  it('reads one submission, marks it read and unread, deletes it', async () => {
    const form = await createForm(a, { ...contact, title: 'One' });
    const id = await submit(a, form, { name: 'Ada' }, new Date().toISOString());
    const read = await a.call('editor', 'GET', `/api/forms/submissions/${id}`);
    // An Editor holds neither permission by default: only Admins get a plugin's at once.
    expect(read.statusCode).toBe(403);
    const got = await a.call('admin', 'GET', `/api/forms/submissions/${id}`);
    expect(got.json().data).toMatchObject({ id, form_id: form.id, read_at: null, files: [], locale: 'en' });
    const marked = await a.call('admin', 'PATCH', `/api/forms/submissions/${id}`, { read: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.read_at).toEqual(expect.any(String));
    const unmarked = await a.call('admin', 'PATCH', `/api/forms/submissions/${id}`, { read: false });
    expect(unmarked.json().data.read_at).toBeNull();
    expect((await a.call('admin', 'DELETE', `/api/forms/submissions/${id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', `/api/forms/submissions/${id}`)).statusCode).toBe(404);
    expect((await a.call('admin', 'DELETE', `/api/forms/submissions/${id}`)).statusCode).toBe(404);
  });

  it('deletes submissions in bulk with their files, and a form with everything of it', async () => {
    const form = await createForm(a, { title: 'Bulk', fields: [{ name: 'cv', type: 'file', label: 'CV' }] });
    const db = tablesOf(a);
    const at = new Date().toISOString();
    const made: number[] = [];
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      const file = await storedCv(a);
      keys.push(file.storage_key);
      made.push(
        await insertSubmission(
          db,
          { form_id: form.id, form_version: 1, values: {}, locale: 'en', created_at: at },
          [file],
        ),
      );
    }
    const one = await a.call('admin', 'GET', `/api/forms/submissions/${made[0]}`);
    expect(one.json().data.files).toEqual([
      { id: expect.any(Number), field: 'cv', filename: 'cv.pdf', content_type: 'application/pdf', size: 10 },
    ]);
    const bulk = await a.call('admin', 'POST', '/api/forms/submissions/delete', {
      ids: [made[0], made[1], 999_999],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toEqual({ deleted: 2 });
    const files = () => db.selectFrom('forms_files').select('submission_id').execute();
    expect((await files()).map((row) => row.submission_id)).toContain(made[2]);
    expect((await files()).map((row) => row.submission_id)).not.toContain(made[0]);
    // The stored bytes go once the deletion commits; the third submission's stay.
    await expect.poll(() => isStored(keys[0] ?? '')).toBe(false);
    await expect.poll(() => isStored(keys[1] ?? '')).toBe(false);
    expect(await isStored(keys[2] ?? '')).toBe(true);
    expect((await a.call('admin', 'POST', '/api/forms/submissions/delete', { ids: [] })).statusCode).toBe(
      422,
    );

    expect((await a.call('admin', 'DELETE', `/api/forms/forms/${form.id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', `/api/forms/forms/${form.id}`)).statusCode).toBe(404);
    expect((await files()).map((row) => row.submission_id)).not.toContain(made[2]);
    await expect.poll(() => isStored(keys[2] ?? '')).toBe(false);
    const left = await db
      .selectFrom('forms_submissions')
      .select('id')
      .where('form_id', '=', form.id)
      .execute();
    expect(left).toEqual([]);
    const versions = await db
      .selectFrom('forms_form_versions')
      .select('version')
      .where('form_id', '=', form.id)
      .execute();
    expect(versions).toEqual([]);
  });

  it('deletes submissions older than the retention setting, nightly, with their files, and nothing else', async () => {
    const form = await createForm(a, { title: 'Retention' });
    const formB = await createForm(b, { title: 'Retention' });
    const db = tablesOf(a);
    const oldFile = await storedCv(a, 'old.pdf');
    const old = await insertSubmission(
      db,
      {
        form_id: form.id,
        form_version: 1,
        values: {},
        locale: 'en',
        created_at: new Date(Date.now() - 31 * DAY).toISOString(),
      },
      [oldFile],
    );
    const recent = await submit(a, form, {}, new Date(Date.now() - 29 * DAY).toISOString());
    const otherSite = await submit(b, formB, {}, new Date(Date.now() - 40 * DAY).toISOString());
    const schedules = (await t.runtime.jobs.schedules.list()).filter((s) => s.name === 'forms.retention');
    expect(schedules.map((s) => s.site_id).sort()).toEqual([a.siteId, b.siteId].sort());
    expect(schedules[0]?.cron).toBe('17 3 * * *');

    const runRetention = async () => {
      const job = await t.runtime.jobs.queue.enqueue('forms.retention', {}, { siteId: a.siteId });
      const worker = workerForRuntime(t.runtime, { pollMs: 20 });
      worker.start();
      try {
        await waitFor(
          async () => (await t.runtime.jobs.queue.get(job))?.status === 'completed',
          'the retention job',
        );
      } finally {
        await worker.stop();
      }
    };
    const kept = async () =>
      (await db.selectFrom('forms_submissions').select('id').execute()).map((row) => row.id);

    // 0 (the default) keeps everything.
    await runRetention();
    expect(await kept()).toContain(old);
    expect(await isStored(oldFile.storage_key)).toBe(true);
    const set = await a.call('admin', 'PUT', '/api/settings/forms', { retention_days: 30 });
    expect(set.statusCode, set.body).toBe(200);
    await runRetention();
    expect(await kept()).not.toContain(old);
    expect(await kept()).toContain(recent);
    expect(
      await db.selectFrom('forms_files').select('id').where('submission_id', '=', old).execute(),
    ).toEqual([]);
    await expect.poll(() => isStored(oldFile.storage_key)).toBe(false);
    const onB = tablesOf(b);
    expect((await onB.selectFrom('forms_submissions').select('id').execute()).map((row) => row.id)).toContain(
      otherSite,
    );
  });

  it('exports a form’s submissions as CSV, formulas neutralised, and as JSON, with the list’s filters', async () => {
    const form = await createForm(a, { ...contact, title: 'Export' });
    await submit(
      a,
      form,
      {
        name: '=HYPERLINK("http://evil.example","click")',
        email: 'x@example.com',
        topics: ['boats', 'nets'],
        message: 'Two\nlines',
      },
      '2026-04-01T10:00:00.000Z',
    );
    await submit(
      a,
      form,
      { name: 'Zoë', email: 'zoe@example.com' },
      '2026-04-02T10:00:00.000Z',
      '2026-04-02T11:00:00.000Z',
    );
    const csv = await a.call('admin', 'GET', `/api/forms/forms/${form.id}/export`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Name,Email,Topics,Message,submitted_at,locale,read',
      `"'=HYPERLINK(""http://evil.example"",""click"")",x@example.com,boats; nets,"Two\nlines",2026-04-01T10:00:00.000Z,en,no`,
      'Zoë,zoe@example.com,,,2026-04-02T10:00:00.000Z,en,yes',
      '',
    ]);
    const unread = await a.call('admin', 'GET', `/api/forms/forms/${form.id}/export?read=true&q=zo`);
    expect(unread.body.split('\r\n')).toHaveLength(3);

    const json = await a.call(
      'admin',
      'GET',
      `/api/forms/forms/${form.id}/export?format=json&from=2026-04-02`,
    );
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const exported = json.json();
    expect(exported.form).toMatchObject({ id: form.id, slug: 'export', version: 1 });
    expect(exported.submissions).toEqual([
      expect.objectContaining({
        values: { name: 'Zoë', email: 'zoe@example.com' },
        read_at: '2026-04-02T11:00:00.000Z',
      }),
    ]);
    expect((await a.call('author', 'GET', `/api/forms/forms/${form.id}/export`)).statusCode).toBe(403);
    expect((await b.call('admin', 'GET', `/api/forms/forms/${form.id}/export`)).statusCode).toBe(404);
  });

  it('serves a submission’s file as a download to those who read submissions, and to no other site', async () => {
    const form = await createForm(a, { title: 'Files', fields: [{ name: 'cv', type: 'file', label: 'CV' }] });
    const stored = await storedCv(a, 'Zoë résumé.pdf', '%PDF-1.4 résumé');
    const id = await insertSubmission(
      tablesOf(a),
      { form_id: form.id, form_version: 1, values: {}, locale: 'en', created_at: new Date().toISOString() },
      [stored],
    );
    const [file] = (await a.call('admin', 'GET', `/api/forms/submissions/${id}`)).json().data.files;
    const res = await a.call('admin', 'GET', `/api/forms/files/${file.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Zoe resume.pdf"; filename*=UTF-8''Zo%C3%AB%20r%C3%A9sum%C3%A9.pdf`,
    );
    expect(res.rawPayload.toString()).toBe('%PDF-1.4 résumé');
    expect((await a.call('author', 'GET', `/api/forms/files/${file.id}`)).statusCode).toBe(403);
    expect((await b.call('admin', 'GET', `/api/forms/files/${file.id}`)).statusCode).toBe(404);
    // A row whose bytes are gone from the storage is not found either.
    await t.runtime.storage.delete([stored.storage_key]);
    expect((await a.call('admin', 'GET', `/api/forms/files/${file.id}`)).statusCode).toBe(404);
  });
});
