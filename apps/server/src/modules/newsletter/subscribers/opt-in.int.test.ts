import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';
import { MAIL_JOB } from '../../../core/mail/mail-job.js';
import { JobsRepo } from '../../jobs/repo.js';
import { newsletterSignerOf } from '../signing.js';
import { manageUrl } from './index.js';

let t: TestContext;
let a: ContentSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let page: { id: number; slug: string };
let weekly: number;
let staff: number;

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
  weekly = (await a.call('admin', 'POST', '/api/newsletter/lists', { name: 'Weekly' })).json().data.id;
  staff = (await a.call('admin', 'POST', '/api/newsletter/lists', { name: 'Staff', public: false })).json()
    .data.id;
  const created = await a.call('editor', 'POST', '/api/pages', {
    title: 'News',
    blocks: [{ id: 'news', type: 'newsletter', props: { title: 'Our letter', askName: true } }],
  });
  expect(created.statusCode, created.body).toBe(201);
  page = (await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {})).json().data;
});

afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

const mailsQueued = async () =>
  (await new JobsRepo(t.runtime.data.global).list({ name: MAIL_JOB }, 1, 100)).total;

const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(body).toString(),
  });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });
const subscriber = async (email: string) =>
  (await a.call('admin', 'GET', `/api/newsletter/subscribers?q=${encodeURIComponent(email)}`)).json().data[0];

describe('subscribing from the site', () => {
  let confirmLink = '';

  it('shows a plain form that posts the address, and mails the confirmation link over SMTP', async () => {
    const html = (await get(`/${page.slug}`)).body;
    expect(html).toContain('action="/_newsletter/subscribe" method="post"');
    expect(html).toContain(`<input type="hidden" name="entry" value="${page.id}"/>`);
    expect(html).toContain('<input type="hidden" name="block" value="news"/>');
    expect(html).toContain('name="website_url"');

    const sent = await post('/_newsletter/subscribe', {
      entry: String(page.id),
      block: 'news',
      name: 'Reader',
      email: ' Reader@Example.TEST ',
      website_url: '',
    });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/${page.slug}?sent=news#newsletter-news`);
    const back = await get(`/${page.slug}?sent=news`);
    expect(back.body).toContain(
      'Almost done: open the link we have just mailed you to confirm your subscription.',
    );

    await waitFor(() => smtp.inbox.length >= 1, 'the confirmation mail');
    const mail = smtp.inbox[0];
    expect(mail?.to).toEqual(['reader@example.test']);
    expect(mail?.raw).toContain('Subject: Confirm your subscription to Site a.test');
    const link = /http:\/\/a\.test\/_newsletter\/confirm\?token=[0-9]+\.[0-9]+\.[A-Za-z0-9_-]+/.exec(
      // Quoted-printable: soft line breaks joined, `=3D` back to `=`.
      mail?.raw.replaceAll('=\r\n', '').replaceAll('=3D', '=') ?? '',
    );
    expect(link).not.toBeNull();
    confirmLink = (link?.[0] ?? '').replace('http://a.test', '');

    expect(await subscriber('reader@example.test')).toMatchObject({
      name: 'Reader',
      status: 'pending',
      source: 'form',
      language: 'en',
      consent_at: null,
      lists: [weekly],
    });
    expect((await subscriber('reader@example.test')).consent_ip).toBeTruthy();
  });

  it('confirms the subscription by the link, on a page in the theme', async () => {
    const res = await get(confirmLink);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('<h1>Subscription confirmed</h1>');
    expect(res.body).toContain('reader@example.test is subscribed to the newsletter of Site a.test');
    const confirmed = await subscriber('reader@example.test');
    expect(confirmed).toMatchObject({ status: 'subscribed' });
    expect(confirmed.confirmed_at).toMatch(/Z$/);
    expect(confirmed.consent_at).toMatch(/Z$/);
    // Opened again: still confirmed, nothing changes.
    expect((await get(confirmLink)).body).toContain('Subscription confirmed');
  });

  it('refuses a forged or expired link', async () => {
    const { id } = await subscriber('reader@example.test');
    const [, expires, mac] = confirmLink.split('token=')[1]?.split('.') ?? [];
    expect((await get(`/_newsletter/confirm?token=${id}.${expires}.${mac}x`)).body).toContain(
      'This link no longer works',
    );
    const past = Math.floor(Date.now() / 1000) - 60;
    const signed = newsletterSignerOf(t.runtime).sign(
      a.siteId,
      'confirm',
      `${id}.${past}.reader@example.test`,
    );
    expect((await get(`/_newsletter/confirm?token=${id}.${past}.${signed}`)).body).toContain(
      'This link no longer works',
    );
  });

  it('mails a pending address its link once in a while at most', async () => {
    const form = { entry: String(page.id), block: 'news', email: 'twice@example.test' };
    const before = await mailsQueued();
    expect((await post('/_newsletter/subscribe', form)).statusCode).toBe(303);
    expect((await post('/_newsletter/subscribe', form)).statusCode).toBe(303);
    expect(await mailsQueued()).toBe(before + 1);
  });

  it('tells nothing of an address already subscribed, and mails it nothing', async () => {
    const before = await mailsQueued();
    const again = await post('/_newsletter/subscribe', {
      entry: String(page.id),
      block: 'news',
      email: 'reader@example.test',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/${page.slug}?sent=news#newsletter-news`);
    expect(await mailsQueued()).toBe(before);
    expect((await subscriber('reader@example.test')).status).toBe('subscribed');
  });

  it('shows the page again for a bad address, and refuses robots and other sites', async () => {
    const bad = await post('/_newsletter/subscribe', {
      entry: String(page.id),
      block: 'news',
      email: 'nope',
      name: 'Bob <b>',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter an email address such as name@example.com.');
    expect(bad.body).toContain('value="Bob &lt;b&gt;"');
    const before = await mailsQueued();
    const robot = await post('/_newsletter/subscribe', {
      entry: String(page.id),
      block: 'news',
      email: 'robot@example.test',
      website_url: 'http://spam.test',
    });
    expect(robot.statusCode).toBe(303);
    expect(await subscriber('robot@example.test')).toBeUndefined();
    const foreign = await post(
      '/_newsletter/subscribe',
      { entry: String(page.id), block: 'news', email: 'x@example.test' },
      { origin: 'http://evil.test' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(
      (
        await post('/_newsletter/subscribe', {
          entry: String(page.id),
          block: 'nope',
          email: 'x@example.test',
        })
      ).statusCode,
    ).toBe(404);
    expect(await mailsQueued()).toBe(before);
  });

  it('lets the subscriber change their public lists and unsubscribe on their own page', async () => {
    const { id } = await subscriber('reader@example.test');
    await a.call('admin', 'PATCH', `/api/newsletter/subscribers/${id}`, { lists: [weekly, staff] });
    const site = await t.runtime.siteStore.findById(a.siteId);
    if (!site) throw new Error('site a is gone');
    const url = manageUrl(t.runtime, site, id, 'http://a.test');
    expect(url).toMatch(/^http:\/\/a\.test\/_newsletter\/manage\?s=\d+&t=[A-Za-z0-9_-]{22}$/);
    const path = url.replace('http://a.test', '');
    const own = await get(path);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Subscribed address: reader@example.test');
    expect(own.body).toContain(`name="list_${weekly}" checked=""`);
    // Lists that are not public are not shown, and stay as the administrators set them.
    expect(own.body).not.toContain('Staff');

    const form = { s: String(id), t: path.split('t=')[1] ?? '' };
    const saved = await post('/_newsletter/manage', { ...form, action: 'save' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`${path}&done=saved`);
    expect((await subscriber('reader@example.test')).lists).toEqual([staff]);
    expect((await get(`${path}&done=saved`)).body).toContain('Your choice is saved.');

    const left = await post('/_newsletter/manage', { ...form, action: 'unsubscribe' });
    expect(left.headers.location).toBe(`${path}&done=unsubscribed`);
    const gone = await subscriber('reader@example.test');
    expect(gone.status).toBe('unsubscribed');
    expect(gone.unsubscribed_at).toMatch(/Z$/);
    expect((await get(`${path}&done=unsubscribed`)).body).toContain('Subscribe again');

    expect(
      (await post('/_newsletter/manage', { ...form, t: 'A'.repeat(22), action: 'unsubscribe' })).statusCode,
    ).toBe(404);
    expect((await get(`/_newsletter/manage?s=${id}&t=${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect(
      (await post('/_newsletter/manage', { ...form, action: 'save' }, { origin: 'http://evil.test' }))
        .statusCode,
    ).toBe(403);

    const back = await post('/_newsletter/manage', { ...form, action: 'resubscribe' });
    expect(back.headers.location).toBe(`${path}&done=resubscribed`);
    expect((await subscriber('reader@example.test')).status).toBe('subscribed');
  });

  it('mails the confirmation, in their language, to a subscriber an administrator adds as pending', async () => {
    const added = await a.call('admin', 'POST', '/api/newsletter/subscribers', {
      email: 'lectrice@example.test',
      status: 'pending',
      language: 'fr',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ status: 'pending', source: 'admin', consent_at: null });
    const toHer = () => smtp.inbox.find((mail) => mail.to.includes('lectrice@example.test'));
    await waitFor(() => toHer() !== undefined, 'the confirmation mail');
    const mail = toHer();
    expect(mail?.raw).toMatch(
      /Subject: =\?UTF-8\?Q\?Confirmez_votre_abonnement|Subject: Confirmez votre abonnement/,
    );
  });
});

describe("a subscriber's pages in their language", () => {
  it('are in French under /fr, and their forms stay there', async () => {
    const both = await a.call('super_admin', 'PUT', `/api/sites/${a.siteId}`, { locales: ['en', 'fr'] });
    expect(both.statusCode, both.body).toBe(200);
    const added = await a.call('admin', 'POST', '/api/newsletter/subscribers', {
      email: 'zoe@example.test',
      language: 'fr',
    });
    const { id } = added.json().data;
    const site = await t.runtime.siteStore.findById(a.siteId);
    if (!site) throw new Error('site a is gone');
    const url = manageUrl(t.runtime, site, id, 'http://a.test', 'fr');
    expect(url).toMatch(/^http:\/\/a\.test\/fr\/_newsletter\/manage\?s=/);
    const path = url.replace('http://a.test', '');
    const own = await get(path);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<h1>Votre abonnement à la lettre d’information</h1>');
    expect(own.body).toContain('action="/fr/_newsletter/manage"');
    const left = await post('/fr/_newsletter/manage', {
      s: String(id),
      t: path.split('t=')[1] ?? '',
      action: 'unsubscribe',
    });
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(`${path}&done=unsubscribed`);
    expect((await get(`${path}&done=unsubscribed`)).body).toContain('Me réabonner');
  });
});

describe('the subscribe form past its budget', () => {
  let tight: TestContext;
  let b: ContentSite;
  let entry: { id: number; slug: string };

  beforeAll(async () => {
    tight = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_COMMENTS: '1' });
    b = await seedContentSite(tight.app, tight.runtime, 'b.test');
    const created = await b.call('editor', 'POST', '/api/pages', {
      title: 'Letter',
      blocks: [{ id: 'news', type: 'newsletter', props: {} }],
    });
    entry = (await b.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {})).json().data;
  });

  afterAll(async () => {
    await tight.close();
  });

  it('shows the page again saying so (429), and keeps nothing', async () => {
    const send = (email: string) =>
      tight.app.inject({
        method: 'POST',
        url: '/_newsletter/subscribe',
        headers: { host: b.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ entry: String(entry.id), block: 'news', email }).toString(),
      });
    expect((await send('first@example.test')).statusCode).toBe(303);
    const refused = await send('second@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toMatch(/Too many attempts from your address: try again in \d+ min\./);
    expect(refused.body).toContain('value="second@example.test"');
    const listed = await b.call('admin', 'GET', '/api/newsletter/subscribers');
    expect(listed.json().data.map((s: { email: string }) => s.email)).toEqual(['first@example.test']);
  });
});
