import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';
import { readCampaignMail } from './received-mail.test-helper.js';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let a: ContentSite;

beforeAll(async () => {
  smtp = await startSmtp({
    refuse: (address) =>
      address.startsWith('gone')
        ? { code: 550, message: 'No such user here' }
        : address.startsWith('busy')
          ? { code: 451, message: 'Try again later' }
          : null,
  });
  t = await createTestApp({
    SMTP_URL: smtp.url,
    RATE_LIMIT_GENERAL: '100000',
    PUBLIC_URL: 'https://admin.test',
  });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

const BASE = '/api/newsletter/campaigns';
const body = [
  { type: 'heading', props: { text: 'Spring news', level: 1 } },
  {
    type: 'paragraph',
    props: { content: '<p>Read <a href="https://example.org/story?a=1&amp;b=2">the story</a>.</p>' },
  },
  { type: 'button', props: { text: 'Visit', href: '/about' } },
];

let listId = 0;

async function newList(name: string): Promise<number> {
  const at = new Date().toISOString();
  const row = await t.runtime.data
    .site(a.siteId)
    .insertInto('newsletter_lists', { name, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Subscribers of the site, subscribed unless their address says otherwise, in `list` (default: News). */
async function subscribe(emails: string[], list: number | null = listId): Promise<number[]> {
  const db = t.runtime.data.site(a.siteId);
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (const email of emails) {
    const row = await db
      .insertInto('newsletter_subscribers', {
        email,
        status: email.startsWith('pending') ? 'pending' : 'subscribed',
        language: null,
        source: 'admin',
        consent_at: at,
        consent_ip: null,
        confirmed_at: at,
        unsubscribed_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (list !== null)
      await db.insertInto('newsletter_memberships', { subscriber_id: row.id, list_id: list }).execute();
    ids.push(row.id);
  }
  return ids;
}

async function create(subject: string, blocks: unknown[] = body, lists: number[] = [listId]) {
  const res = await a.call('admin', 'POST', BASE, {
    subject,
    preheader: 'Inside: spring',
    audience: { lists, language: null },
    blocks,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string };
}

async function statusOf(id: number): Promise<string> {
  return (await a.call('admin', 'GET', `${BASE}/${id}`)).json().data.status;
}

const deliveries = (campaignId: number) =>
  t.runtime.data
    .site(a.siteId)
    .selectFrom('newsletter_deliveries')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();

const mailsTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address));

/** A message's per-recipient parts (its delivery id and MACs) made alike, to compare two messages. */
const sameShape = (text: string) =>
  text
    .replace(/\/_newsletter\/manage\?s=\d+&(amp;)?t=[A-Za-z0-9_-]+/g, '/_newsletter/manage?s=ID&t=MAC')
    .replace(/\/_newsletter\/(c|o|u)\/\d+\/[A-Za-z0-9_-]{22}/g, '/_newsletter/$1/ID/MAC')
    .replace(/=\r?\n/g, '');

describe(`newsletter campaigns (${testEngine})`, () => {
  it('keeps drafts: create, list, change, delete; only email blocks, refused at their path', async () => {
    listId = await newList('News');
    await subscribe(['ann@x.test']);
    const draft = await create('Draft one');
    expect(draft.status).toBe('draft');
    const list = await a.call('admin', 'GET', `${BASE}?status=draft`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(draft.id);
    expect(list.json().meta).toMatchObject({ current_page: 1, per_page: 20 });

    const changed = await a.call('admin', 'PATCH', `${BASE}/${draft.id}`, { subject: 'Draft two' });
    expect(changed.json().data.subject).toBe('Draft two');

    const refused = await a.call('admin', 'POST', BASE, {
      subject: 'With a form',
      blocks: [
        { type: 'heading', props: { text: 'Hi' } },
        { type: 'container', props: {}, children: [{ type: 'form', props: {} }] },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['blocks[1].children[0].type']);
    const french = await a.call('admin', 'POST', BASE, {
      subject: 'X',
      blocks: [{ type: 'gallery', props: {} }],
    });
    expect(french.statusCode).toBe(422);

    const author = await a.call('author', 'GET', BASE);
    expect(author.statusCode).toBe(403);

    expect((await a.call('admin', 'DELETE', `${BASE}/${draft.id}`)).statusCode).toBe(204);
    expect((await a.call('admin', 'GET', `${BASE}/${draft.id}`)).statusCode).toBe(404);
  });

  it('sends to the subscribed of the audience once each, as the preview shows, with one-click unsubscribe', async () => {
    const [bob] = await subscribe(['bob@x.test', 'pending-carl@x.test']);
    await subscribe(['outside@x.test'], null);
    const campaign = await create('Spring');
    const preview = await a.call('admin', 'POST', `${BASE}/${campaign.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().data as { subject: string; html: string; text: string };
    expect(shown.subject).toBe('Spring');
    expect(shown.html).toContain('Inside: spring');
    expect(shown.html).toContain('https://a.test/_newsletter/u/0/');

    const sent = await a.call('admin', 'POST', `${BASE}/${campaign.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    await waitFor(async () => (await statusOf(campaign.id)) === 'sent', 'the campaign to be sent');

    const rows = await deliveries(campaign.id);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ['ann@x.test', 'sent'],
      ['bob@x.test', 'sent'],
    ]);
    expect(mailsTo('bob@x.test')).toHaveLength(1);
    expect(mailsTo('outside@x.test')).toHaveLength(0);
    expect(mailsTo('pending-carl@x.test')).toHaveLength(0);

    const mail = readCampaignMail(mailsTo('bob@x.test')[0]?.raw ?? '');
    expect(sameShape(mail.html)).toBe(sameShape(shown.html));
    expect(sameShape(mail.text)).toBe(sameShape(shown.text));
    expect(mail.text).toContain(`https://a.test/_newsletter/manage?s=${bob}&t=`);
    const bobRow = rows.find((row) => row.email === 'bob@x.test');
    const unsubscribe = /^<(https:\/\/a\.test\/_newsletter\/u\/(\d+)\/[A-Za-z0-9_-]{22})>$/.exec(
      mail.headers.get('list-unsubscribe') ?? '',
    );
    expect(unsubscribe?.[2]).toBe(String(bobRow?.id));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('list-id')).toContain('<newsletter.a.test>');

    // Links scanners follow: GET shows a button and changes nothing.
    const path = new URL(unsubscribe?.[1] ?? '').pathname;
    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: 'a.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<form action="${path}" method="post"><button type="submit">Unsubscribe</button>`,
    );
    const subscriber = () =>
      t.runtime.data
        .site(a.siteId)
        .selectFrom('newsletter_subscribers')
        .select('status')
        .where('id', '=', bob as number)
        .executeTakeFirstOrThrow();
    expect((await subscriber()).status).toBe('subscribed');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { host: 'a.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await subscriber()).status).toBe('unsubscribed');
    const forged = await t.app.inject({
      method: 'POST',
      url: path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      headers: { host: 'a.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
    const french = await t.app.inject({ method: 'GET', url: `${path}?done=1`, headers: { host: 'a.test' } });
    expect(french.body).toContain('You are unsubscribed');

    // Click links lead on and count; an altered address is not followed.
    const click =
      /href="(https:\/\/a\.test\/_newsletter\/c\/[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const target = new URL(click).searchParams.get('u');
    const clicked = await t.app.inject({
      method: 'GET',
      url: click.replace('https://a.test', ''),
      headers: { host: 'a.test' },
    });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe(target);
    await t.app.inject({
      method: 'GET',
      url: click.replace('https://a.test', ''),
      headers: { host: 'a.test' },
    });
    const altered = click
      .replace('https://a.test', '')
      .replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.test/')}`);
    expect(
      (await t.app.inject({ method: 'GET', url: altered, headers: { host: 'a.test' } })).statusCode,
    ).toBe(404);

    const report = await a.call('admin', 'GET', `${BASE}/${campaign.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    expect(data.totals).toMatchObject({
      recipients: 2,
      sent: 2,
      clicked: 1,
      clicks: 2,
      unsubscribed: 1,
      opened: null,
    });
    expect(data.top_links[0]).toMatchObject({ url: target, clicks: 2, recipients: 1 });
    expect(data.series[0]).toMatchObject({ sent: 2, click: 2, unsubscribe: 1 });
    expect(data.series[0].hour).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);

    const csv = await a.call('admin', 'GET', `${BASE}/${campaign.id}/recipients.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,subscriber_id,email,status,attempts,smtp_response,sent_at,opened_at,clicked_at,clicks,unsubscribed_at',
    );
    expect(csv.body).toContain('bob@x.test,sent');

    // Once sending started, the campaign no longer changes.
    expect((await a.call('admin', 'PATCH', `${BASE}/${campaign.id}`, { subject: 'Late' })).statusCode).toBe(
      409,
    );
    expect((await a.call('admin', 'DELETE', `${BASE}/${campaign.id}`)).statusCode).toBe(409);
  });

  it('marks a permanent refusal bounced (and the subscriber), and keeps a temporary one for later', async () => {
    const [gone] = await subscribe(['gone@y.test', 'busy@y.test']);
    const campaign = await create('Bounces', body, []);
    await a.call('admin', 'POST', `${BASE}/${campaign.id}/send`, {});
    await waitFor(async () => {
      const rows = await deliveries(campaign.id);
      return rows.length > 0 && rows.every((row) => row.status !== 'queued' && row.status !== 'sending');
    }, 'every delivery to be tried');
    const rows = await deliveries(campaign.id);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('gone@y.test')).toMatchObject({ status: 'bounced' });
    expect(byEmail.get('gone@y.test')?.smtp_response).toContain('550');
    expect(byEmail.get('busy@y.test')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byEmail.get('busy@y.test')?.smtp_response).toContain('451');
    expect(byEmail.get('busy@y.test')?.retry_at).not.toBeNull();
    const subscriber = await t.runtime.data
      .site(a.siteId)
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('id', '=', gone as number)
      .executeTakeFirstOrThrow();
    expect(subscriber.status).toBe('bounced');
    // Waiting for the retry: still sending, its next batch at the retry time.
    expect(await statusOf(campaign.id)).toBe('sending');
    const recipients = await a.call('admin', 'GET', `${BASE}/${campaign.id}/recipients?status=bounced`);
    expect(recipients.json().data.map((r: { email: string }) => r.email)).toEqual(['gone@y.test']);
    await a.call('admin', 'POST', `${BASE}/${campaign.id}/cancel`);
    expect(await statusOf(campaign.id)).toBe('cancelled');
  });

  it('sends at most rate_per_minute a minute: each batch is scheduled a minute after the last', async () => {
    const settings = await a.call('admin', 'PUT', '/api/settings/newsletter', { rate_per_minute: 3 });
    expect(settings.statusCode, settings.body).toBe(200);
    const emails = Array.from({ length: 7 }, (_, i) => `paced${i}@z.test`);
    const campaign = await create('Paced', body, [await newList('Paced')]);
    await subscribe(
      emails,
      (
        await t.runtime.data
          .site(a.siteId)
          .selectFrom('newsletter_lists')
          .select('id')
          .where('name', '=', 'Paced')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await a.call('admin', 'POST', `${BASE}/${campaign.id}/send`, {});
    const queue = t.runtime.jobs.queue;
    const sent = async () => (await deliveries(campaign.id)).filter((row) => row.status === 'sent').length;
    const waiting = () =>
      t.runtime.data.global
        .selectFrom('jobs')
        .select(['id', 'run_at', 'created_at'])
        .where('name', '=', 'newsletter.batch')
        .where('status', '=', 'pending')
        .where('dedupe_key', '=', `campaign:${campaign.id}`)
        .executeTakeFirst();
    for (const expected of [3, 6]) {
      await waitFor(
        async () => (await sent()) === expected && (await waiting()) !== undefined,
        'a batch to be scheduled',
      );
      const next = await waiting();
      const rows = (await deliveries(campaign.id)).filter((row) => row.sent_at !== null);
      expect(rows).toHaveLength(expected);
      const firstOfBatch = rows
        .slice(expected - 3)
        .map((row) => Date.parse(row.sent_at as string))[0] as number;
      // The next batch may start a minute after this one did, not sooner.
      expect(Date.parse(next?.run_at as string) - firstOfBatch).toBeGreaterThanOrEqual(59_000);
      await queue.reschedule(next?.id as number, new Date());
    }
    await waitFor(async () => (await statusOf(campaign.id)) === 'sent', 'the last batch');
    expect(await sent()).toBe(7);
    await a.call('admin', 'PUT', '/api/settings/newsletter', { rate_per_minute: 300 });
  });

  it('counts opens only when the site turns them on', async () => {
    const list = await newList('Opens');
    await subscribe(['opener@o.test'], list);
    const off = await create('No pixel', body, [list]);
    expect((await a.call('admin', 'POST', `${BASE}/${off.id}/preview`)).json().data.html).not.toContain(
      '/_newsletter/o/',
    );
    expect((await a.call('admin', 'PUT', '/api/settings/newsletter', { track_opens: true })).statusCode).toBe(
      200,
    );
    const on = await create('With pixel', body, [list]);
    await a.call('admin', 'POST', `${BASE}/${on.id}/send`, {});
    await waitFor(async () => (await statusOf(on.id)) === 'sent', 'the campaign with opens');
    const mail = readCampaignMail(mailsTo('opener@o.test')[0]?.raw ?? '');
    const pixel =
      /src="https:\/\/a\.test(\/_newsletter\/o\/\d+\/[A-Za-z0-9_-]{22}\.gif)"/.exec(mail.html)?.[1] ?? '';
    const image = await t.app.inject({ method: 'GET', url: pixel, headers: { host: 'a.test' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    await t.app.inject({ method: 'GET', url: pixel, headers: { host: 'a.test' } });
    const forged = pixel.replace(/[A-Za-z0-9_-]{22}\.gif$/, `${'A'.repeat(22)}.gif`);
    expect((await t.app.inject({ method: 'GET', url: forged, headers: { host: 'a.test' } })).statusCode).toBe(
      404,
    );
    const report = (await a.call('admin', 'GET', `${BASE}/${on.id}/report`)).json().data;
    expect(report.totals.opened).toBe(1);
    expect(report.series[0].open).toBe(1);
    await a.call('admin', 'PUT', '/api/settings/newsletter', { track_opens: false });
  });

  it('schedules, cancels back to draft, and tests to oneself only', async () => {
    const campaign = await create('Later');
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await a.call('admin', 'POST', `${BASE}/${campaign.id}/send`, { at });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', scheduled_at: at });
    const job = await t.runtime.data.global
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('name', '=', 'newsletter.audience')
      .where('dedupe_key', '=', `campaign:${campaign.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ run_at: at, status: 'pending' });
    expect((await a.call('editor', 'POST', `${BASE}/${campaign.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await a.call('admin', 'POST', `${BASE}/${campaign.id}/cancel`);
    expect(cancelled.json().data).toMatchObject({ status: 'draft', scheduled_at: null });

    const other = await a.call('admin', 'POST', `${BASE}/${campaign.id}/test`, { to: 'someone@else.test' });
    expect(other.statusCode).toBe(422);
    const test = await a.call('admin', 'POST', `${BASE}/${campaign.id}/test`, {});
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json().data.to).toBe(a.users.admin.email);
    await waitFor(() => mailsTo(a.users.admin.email).length === 1, 'the test mail');
  });
});
