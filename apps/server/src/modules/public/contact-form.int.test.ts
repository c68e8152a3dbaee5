import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { MAIL_JOB } from '../../core/mail/mail-job.js';
import { JobsRepo } from '../jobs/repo.js';

let t: TestContext;
let a: ContentSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let page: { id: number; slug: string };
let formId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_GENERAL: '100000',
    RATE_LIMIT_COMMENTS: '100000',
  });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
  const created = await a.call('editor', 'POST', '/api/pages', {
    title: 'Contact',
    blocks: [
      { id: 'contact', type: 'form', props: { title: 'Write to us', subject: 'Contact from the site' } },
      {
        id: 'sales',
        type: 'form',
        props: {
          fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
          recipient: 'sales@a.test',
        },
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const published = await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {});
  page = published.json().data;
  formId = 'contact';
});

afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** Mail jobs ever queued: what was asked to be sent, whether or not it has left yet. */
const mailsQueued = async () =>
  (await new JobsRepo(t.runtime.data.global).list({ name: MAIL_JOB }, 1, 100)).total;

const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(body).toString(),
  });

describe('the contact form block', () => {
  it('posts to the site, which mails the administrators through the queue and says it was sent', async () => {
    const html = (await t.app.inject({ method: 'GET', url: `/${page.slug}`, headers: { host: a.host } }))
      .body;
    const action = `/_forms/${page.id}/${formId}`;
    expect(html).toContain(`action="${action}" method="post"`);
    // The recipient of the second form is never shown.
    expect(html).not.toContain('sales@a.test');

    const sent = await post(action, {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      message: 'Do you open on Sundays?\nThanks.',
      website_url: '',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/${page.slug}?sent=contact#form-contact`);
    // The site's administrators: its Admin and the Super Admin, who administers every site.
    await waitFor(() => smtp.inbox.length >= 2, 'the contact mails');
    expect(smtp.inbox.flatMap((each) => each.to).sort()).toEqual(['admin@a.test', 'super_admin@a.test']);
    const mail = smtp.inbox[0];
    expect(mail?.raw).toContain('Subject: Contact from the site');
    expect(mail?.raw).toContain('Reply-To: ada@example.test');
    // From the site's name (its white-label name when set), never MAIL_FROM's vendor name.
    expect(mail?.raw).toMatch(/^From: "?Site a\.test"? <[^>]+>\r?$/m);
    expect(mail?.raw).toContain('Ada Lovelace');
    expect(mail?.raw).toContain('Do you open on Sundays?');
    expect(mail?.raw).toContain(`http://a.test/${page.slug}`);

    const back = await t.app.inject({
      method: 'GET',
      url: `/${page.slug}?sent=contact`,
      headers: { host: a.host },
    });
    expect(back.body).toContain(
      '<p class="tb-form__sent" role="status">Thank you: your message has been sent.</p>',
    );
    // Said on the form that was sent only.
    expect(back.body.match(/tb-form__sent/g)).toHaveLength(1);
  });

  it('shows the page again with the faults and what was typed, and mails nothing', async () => {
    const before = await mailsQueued();
    const res = await post(`/_forms/${page.id}/contact`, {
      name: 'Ada <b>',
      email: 'not an address',
      message: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Email: enter an email address such as name@example.com.');
    expect(res.body).toContain('Message: this field is required.');
    expect(res.body).toContain('value="Ada &lt;b&gt;"');
    expect(res.body).toContain('aria-invalid="true"');
    expect(await mailsQueued()).toBe(before);
  });

  it('sends to the form’s own recipient, and lets a plugin take submissions over', async () => {
    const before = smtp.inbox.length;
    expect((await post(`/_forms/${page.id}/sales`, { email: 'buyer@example.test' })).statusCode).toBe(303);
    await waitFor(() => smtp.inbox.length > before, 'the sales mail');
    expect(smtp.inbox.at(-1)?.to).toEqual(['sales@a.test']);

    const taken: unknown[] = [];
    const remove = t.runtime.hooks.addFilter(
      'form.submission',
      async (submission) => {
        taken.push(submission);
        return null;
      },
      { owner: 'plugin:forms-test' },
    );
    try {
      const queued = await mailsQueued();
      expect((await post(`/_forms/${page.id}/sales`, { email: 'quiet@example.test' })).statusCode).toBe(303);
      expect(taken).toMatchObject([
        { blockId: 'sales', fields: [{ name: 'email', value: 'quiet@example.test' }] },
      ]);
      expect(await mailsQueued()).toBe(queued);
    } finally {
      remove();
    }
  });

  it('answers robots as if sent and mails nothing; refuses other sites and unknown forms', async () => {
    const before = await mailsQueued();
    const robot = await post(`/_forms/${page.id}/contact`, {
      name: 'Bot',
      email: 'bot@example.test',
      message: 'Cheap pills',
      website_url: 'http://spam.example',
    });
    expect(robot.statusCode).toBe(303);
    const elsewhere = await post(
      `/_forms/${page.id}/contact`,
      { name: 'X', email: 'x@example.test', message: 'Hi' },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect((await post(`/_forms/${page.id}/nope`, { email: 'x@example.test' })).statusCode).toBe(404);
    expect((await post('/_forms/999999/contact', { email: 'x@example.test' })).statusCode).toBe(404);
    // An id past the integer columns' range is no entry either (PostgreSQL refused the query: 500).
    expect((await post('/_forms/99999999999/contact', { email: 'x@example.test' })).statusCode).toBe(404);
    expect(await mailsQueued()).toBe(before);
  });
});

describe('the contact form block, under its rate limit and on a site run by a Super Admin alone', () => {
  let lone: TestContext;
  const host = 'lone.test';
  let action: string;
  let slug: string;

  beforeAll(async () => {
    lone = await createTestApp({
      SMTP_URL: smtp.url,
      RATE_LIMIT_GENERAL: '100000',
      RATE_LIMIT_COMMENTS: '3',
    });
    const { siteId, roles } = await seedSiteWithRoles(lone.runtime, host);
    const owner = await seedUser(lone.runtime, siteId, roles, {
      email: 'owner@lone.test',
      role: 'super_admin',
    });
    const token = await seedToken(lone.runtime, owner, null, null, siteId);
    const call = (method: 'POST', url: string, payload: object) =>
      lone.app.inject({ method, url, headers: { host, ...bearer(token) }, payload });
    const created = await call('POST', '/api/pages', {
      title: 'Write',
      blocks: [{ id: 'contact', type: 'form', props: { title: 'Write to us', subject: 'Hello' } }],
    });
    const published = await call('POST', `/api/pages/${created.json().data.id}/publish`, {});
    ({ slug } = published.json().data);
    action = `/_forms/${created.json().data.id}/contact`;
  });
  afterAll(() => lone.close());

  const send = (message: string) =>
    lone.app.inject({
      method: 'POST',
      url: action,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Grace', email: 'grace@example.test', message }).toString(),
    });

  it('mails the Super Admin, and past the limit answers 429 in the page, mailing nothing more', async () => {
    const queued = async () =>
      (await new JobsRepo(lone.runtime.data.global).list({ name: MAIL_JOB }, 1, 100)).total;
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => send(`Message ${n}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([303, 303, 303, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.body).toContain('Too many messages from your address: try again in');
    expect(refused?.body).toContain(`action="${action}" method="post"`);
    expect(await queued()).toBe(3);
    const [job] = (await new JobsRepo(lone.runtime.data.global).list({ name: MAIL_JOB }, 1, 1)).items;
    expect(JSON.stringify(job)).toContain('owner@lone.test');
    expect(slug).toBeTruthy();
  });
});
