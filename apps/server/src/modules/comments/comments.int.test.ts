import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import type { SiteEvent } from '../../core/events/site-events.js';
import { workerForRuntime } from '../../core/jobs/worker.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
let post: number;
const events: SiteEvent[] = [];

async function published(
  site: ContentSite,
  base: string,
  title: string,
  caller: 'editor' | 'admin' = 'editor',
) {
  const res = await site.call(caller, 'POST', base, { title });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  expect((await site.call(caller, 'POST', `${base}/${id}/publish`, {})).statusCode).toBe(200);
  return id;
}

async function form(site: ContentSite, entryId: number) {
  const res = await site.call('anonymous', 'GET', `/api/comments/form?entry_id=${entryId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; honeypot: string; min_seconds: number; open: boolean };
}

let visitor = 0;
/** A comment from a new address each time (the rate limit is per address). */
async function comment(site: ContentSite, body: Record<string, unknown>, ip?: string) {
  const { token } = await form(site, (body.entry_id as number) ?? post);
  visitor += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: { host: site.host },
    remoteAddress: ip ?? `198.51.100.${visitor % 250}`,
    payload: {
      entry_id: post,
      name: 'Ada',
      email: `ada${visitor}@example.test`,
      body: 'Lovely post.',
      token,
      ...body,
    },
  });
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_COMMENTS: '1000', SMTP_URL: smtp.url });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  for (const site of [a, b]) await site.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 0 });
  post = await published(a, '/api/posts', 'Commented');
  t.runtime.hooks.addAction('site.event', (_ctx, event) => void events.push(event), { owner: 'test' });
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

describe(`comments (${testEngine})`, () => {
  it('hold a first-time commenter, publish a known one, never show addresses, and render text safely', async () => {
    const first = await comment(a, {
      email: 'grace@example.test',
      name: 'Grace',
      body: 'Hi <script>alert(1)</script> see https://example.com/x.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'pending', author_name: 'Grace', depth: 1 });
    expect(first.body).not.toContain('grace@example.test');
    const html = first.json().data.content_html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.com/x" rel="nofollow ugc noopener" target="_blank">');

    const thread = async () =>
      (await a.call('anonymous', 'GET', `/api/comments/thread?entry_id=${post}`)).json();
    expect((await thread()).meta.total).toBe(0);
    expect((await a.call('editor', 'POST', `/api/comments/${first.json().data.id}/approve`)).statusCode).toBe(
      200,
    );
    expect((await thread()).data.map((c: { id: number }) => c.id)).toEqual([first.json().data.id]);
    expect(JSON.stringify(await thread())).not.toContain('@example.test');
    // The moderation list says which post each comment is on.
    const listed = (await a.call('editor', 'GET', '/api/comments?status=approved')).json().data;
    expect(listed.find((c: { id: number }) => c.id === first.json().data.id).entry).toEqual({
      id: post,
      type: 'post',
      title: 'Commented',
    });

    // Known now: approved on arrival; the events tell both.
    const second = await comment(a, { email: 'Grace@Example.test', name: 'Grace', body: 'Me again.' });
    expect(second.json().data.status).toBe('approved');
    expect(events.filter((e) => e.data.id === second.json().data.id).map((e) => e.name)).toEqual([
      'comment.created',
      'comment.approved',
    ]);
    expect(JSON.stringify(events)).not.toContain('grace@example.test');
  });

  it('thread replies to approved comments up to the depth limit, on the same entry only', async () => {
    await a.call('admin', 'PUT', '/api/settings/discussion', { moderation: 'none', max_depth: 2 });
    try {
      const top = (await comment(a, { body: 'Top' })).json().data;
      const reply = await comment(a, { body: 'Reply', parent_id: top.id });
      expect(reply.json().data).toMatchObject({ depth: 2, parent_id: top.id });
      const tooDeep = await comment(a, { body: 'Deeper', parent_id: reply.json().data.id });
      expect(tooDeep.statusCode).toBe(422);
      expect(Object.keys(tooDeep.json().errors)).toEqual(['parent_id']);
      const other = await published(a, '/api/posts', 'Another');
      const { token } = await form(a, other);
      const cross = await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { host: a.host },
        payload: {
          entry_id: other,
          parent_id: top.id,
          name: 'X',
          email: 'x@example.test',
          body: 'Cross',
          token,
        },
      });
      expect(cross.statusCode).toBe(422);
      const ordered = (await a.call('anonymous', 'GET', `/api/comments/thread?entry_id=${post}`)).json().data;
      const ids = ordered.map((c: { id: number }) => c.id);
      expect(ids.indexOf(reply.json().data.id)).toBe(ids.indexOf(top.id) + 1);
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', {
        moderation: 'unknown_authors',
        max_depth: 5,
      });
    }
  });

  it('refuse spam with a reason each: honeypot, forged, old or too quick forms, blocklists; hold link-heavy ones', async () => {
    const honeypot = await comment(a, { website: 'http://spam.test' });
    expect(honeypot.statusCode).toBe(422);
    expect(honeypot.json()).toMatchObject({
      code: 'comment_refused',
      errors: { website: expect.any(Array) },
    });

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { host: a.host },
      payload: { entry_id: post, name: 'Bot', email: 'bot@example.test', body: 'x', token: 'sb1:forged' },
    });
    expect(forged.json().code).toBe('comment_form_invalid');
    // A token of another site (or entry) is not valid here.
    const otherSite = await published(b, '/api/posts', 'B post');
    const { token: bToken } = await form(b, otherSite);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { host: a.host },
      payload: { entry_id: post, name: 'Bot', email: 'bot@example.test', body: 'x', token: bToken },
    });
    expect(replayed.json().code).toBe('comment_form_invalid');

    await a.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 60 });
    const quick = await comment(a, {});
    expect(quick.statusCode).toBe(422);
    expect(quick.json().code).toBe('comment_too_fast');
    await a.call('admin', 'PUT', '/api/settings/discussion', {
      min_seconds: 0,
      blocked_words: ['casino'],
      blocked_ips: ['203.0.113.'],
      blocked_email_domains: ['spam.test'],
    });
    try {
      expect((await comment(a, { body: 'Best CASINO deals' })).json().code).toBe('comment_blocked');
      expect((await comment(a, {}, '203.0.113.5')).json().code).toBe('comment_blocked');
      expect((await comment(a, { email: 'x@mail.spam.test' })).json().code).toBe('comment_blocked');
      await a.call('admin', 'PUT', '/api/settings/discussion', { moderation: 'none' });
      const links = await comment(a, { body: 'http://a.test http://b.test http://c.test' });
      expect(links.json().data.status).toBe('pending');
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', {
        moderation: 'unknown_authors',
        blocked_words: [],
        blocked_ips: [],
        blocked_email_domains: [],
      });
    }
    const missing = await comment(a, { email: 'not an email', body: '   ' });
    expect(missing.statusCode).toBe(422);
  });

  it("keep an entry's discussion with the entry when a plugin restricts it to members", async () => {
    const members = await published(a, '/api/posts', 'Members only');
    const token = (await form(a, members)).token;
    const remove = t.runtime.hooks.addFilter(
      'entry.access',
      (access, _ctx, entry) => (entry.id === members ? 'members' : access),
      { owner: 'plugin:restricts' },
    );
    try {
      const refused = {
        code: 'entry_restricted',
        message: 'This entry is for members: its comments are on its page.',
      };
      const thread = await a.call('anonymous', 'GET', `/api/comments/thread?entry_id=${members}`);
      expect(thread.statusCode).toBe(403);
      expect(thread.json()).toMatchObject(refused);
      expect((await a.call('anonymous', 'GET', `/api/comments/form?entry_id=${members}`)).statusCode).toBe(
        403,
      );
      const direct = await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { host: a.host },
        payload: { entry_id: members, name: 'Eve', email: 'eve@example.test', body: 'Peek.', token },
      });
      expect(direct.statusCode).toBe(403);
      // The page's own form: only for those who may read the entry (an anonymous visitor may not).
      const page = await t.app.inject({
        method: 'POST',
        url: `/_comments/${members}`,
        headers: {
          host: a.host,
          origin: `http://${a.host}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          comment: 'Peek.',
          name: 'Eve',
          email: 'eve@example.test',
          token,
        }).toString(),
      });
      expect(page.statusCode).toBe(403);
      // Moderators read it, and the other entries' discussions are untouched.
      expect((await a.call('editor', 'GET', `/api/comments/thread?entry_id=${members}`)).statusCode).toBe(
        200,
      );
      expect((await a.call('anonymous', 'GET', `/api/comments/thread?entry_id=${post}`)).statusCode).toBe(
        200,
      );
    } finally {
      remove();
    }
  });

  it('take comments only on published entries of the site whose comments are open', async () => {
    const page = await published(a, '/api/pages', 'A page');
    expect((await comment(a, { entry_id: page })).json().code).toBe('comments_closed');
    const draft = (await a.call('editor', 'POST', '/api/posts', { title: 'Draft' })).json().data.id;
    expect((await a.call('anonymous', 'GET', `/api/comments/form?entry_id=${draft}`)).statusCode).toBe(404);
    expect((await b.call('anonymous', 'GET', `/api/comments/form?entry_id=${post}`)).statusCode).toBe(404);
    expect((await a.call('author', 'PUT', `/api/discussions/${post}`, { open: false })).statusCode).toBe(403);
    expect((await a.call('editor', 'PUT', `/api/discussions/${post}`, { open: false })).statusCode).toBe(200);
    expect((await comment(a, {})).json().code).toBe('comments_closed');
    expect((await form(a, post)).open).toBe(false);
    await a.call('editor', 'PUT', `/api/discussions/${post}`, { open: true });
    await a.call('admin', 'PUT', '/api/settings/discussion', { close_after_days: 1 });
    await t.runtime.data
      .site(a.siteId)
      .updateTable('entries')
      .set({ published_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', post)
      .execute();
    try {
      expect((await comment(a, {})).json().code).toBe('comments_closed');
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', { close_after_days: 0 });
    }
  });

  it('are moderated under the comments permissions, one by one or in bulk, all or none', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await comment(a, { body: `Bulk ${i}` })).json().data.id);
    expect((await a.call('anonymous', 'GET', '/api/comments')).statusCode).toBe(401);
    expect(
      (await a.call('author', 'POST', '/api/comments/bulk', { action: 'approve', ids })).statusCode,
    ).toBe(403);
    const pending = (await a.call('editor', 'GET', '/api/comments?status=pending&q=bulk')).json();
    expect(pending.meta.total).toBe(3);
    expect(pending.data[0].author_email).toMatch(/@example\.test$/);
    // Wildcards in the search are the characters themselves, on both engines.
    await comment(a, { body: 'Half price: 50% off_today' });
    expect((await a.call('editor', 'GET', '/api/comments?q=50%25%20off_')).json().meta.total).toBe(1);
    expect((await a.call('editor', 'GET', '/api/comments?q=5_%25')).json().meta.total).toBe(0);
    expect((await b.call('admin', 'GET', `/api/comments/${ids[0]}`)).statusCode).toBe(404);

    const mixed = await a.call('editor', 'POST', '/api/comments/bulk', {
      action: 'spam',
      ids: [ids[0], 999_999],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await a.call('editor', 'GET', `/api/comments/${ids[0]}`)).json().data.status).toBe('pending');
    const spam = await a.call('editor', 'POST', '/api/comments/bulk', {
      action: 'spam',
      ids: [ids[0], ids[1]],
    });
    expect(spam.json().data.map((c: { status: string }) => c.status)).toEqual(['spam', 'spam']);
    const edited = await a.call('editor', 'PUT', `/api/comments/${ids[2]}`, { body: 'Edited text' });
    expect(edited.json().data.body).toBe('Edited text');
    expect((await a.call('editor', 'POST', `/api/comments/${ids[2]}/trash`)).json().data.status).toBe(
      'trash',
    );
    expect((await a.call('contributor', 'DELETE', `/api/comments/${ids[2]}`)).statusCode).toBe(403);
    expect((await a.call('editor', 'DELETE', `/api/comments/${ids[2]}`)).statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `/api/comments/${ids[2]}`)).statusCode).toBe(404);
  });

  it("take a moderator's reply from the admin: approved at once, the held comment approved with it", async () => {
    const held = (await comment(a, { body: 'Is the harbour open in winter?' })).json().data;
    expect((await a.call('editor', 'GET', `/api/comments/${held.id}`)).json().data.status).toBe('pending');
    expect(
      (await a.call('author', 'POST', `/api/comments/${held.id}/reply`, { body: 'Yes' })).statusCode,
    ).toBe(403);
    expect(
      (await a.call('editor', 'POST', `/api/comments/${held.id}/reply`, { body: '   ' })).statusCode,
    ).toBe(422);
    const reply = await a.call('editor', 'POST', `/api/comments/${held.id}/reply`, {
      body: 'Yes, all year round.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data).toMatchObject({
      parent_id: held.id,
      status: 'approved',
      body: 'Yes, all year round.',
    });
    expect((await a.call('editor', 'GET', `/api/comments/${held.id}`)).json().data.status).toBe('approved');
    const thread = (await a.call('anonymous', 'GET', `/api/comments/thread?entry_id=${post}`)).json().data;
    expect(thread.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([held.id, reply.json().data.id]),
    );
    expect(events.some((e) => e.name === 'comment.created' && e.data.id === reply.json().data.id)).toBe(true);
    // Spam takes no reply; another site's comment is not found.
    await a.call('editor', 'POST', `/api/comments/${held.id}/spam`);
    expect(
      (await a.call('editor', 'POST', `/api/comments/${held.id}/reply`, { body: 'No' })).json().code,
    ).toBe('comment_not_approved');
    expect((await b.call('admin', 'POST', `/api/comments/${held.id}/reply`, { body: 'No' })).statusCode).toBe(
      404,
    );
  });

  it('require a name and an email address while require_name_email is on; off, take either left out', async () => {
    // On, the default: both are needed, spaces alone are nothing, and an address must be one.
    const bare = await comment(a, { name: undefined, email: undefined });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(['email', 'name']);
    const blank = await comment(a, { name: '   ', email: '' });
    expect(Object.keys(blank.json().errors).sort()).toEqual(['email', 'name']);
    expect((await comment(a, { email: 'nobody' })).json().errors).toEqual({
      email: ['Must be a valid email address.'],
    });

    await a.call('admin', 'PUT', '/api/settings/discussion', { require_name_email: false });
    try {
      const before = smtp.inbox.length;
      const anonymous = await comment(a, { name: undefined, email: undefined, body: 'Nameless words.' });
      expect(anonymous.statusCode, anonymous.body).toBe(201);
      // Kept without a name; held, as a commenter without an address is never a known one.
      expect(anonymous.json().data).toMatchObject({ author_name: '', status: 'pending' });
      const stored = (await a.call('editor', 'GET', `/api/comments/${anonymous.json().data.id}`)).json().data;
      expect(stored.author_email).toBe('');
      await a.call('editor', 'POST', `/api/comments/${anonymous.json().data.id}/approve`);
      const again = await comment(a, { name: '', email: '', body: 'Nameless again.' });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().data.status).toBe('pending');
      // A name alone, or an address alone, will do; an address given must still be one.
      expect((await comment(a, { name: 'Only a name', email: undefined })).statusCode).toBe(201);
      expect((await comment(a, { name: undefined })).statusCode).toBe(201);
      expect((await comment(a, { name: undefined, email: 'nobody' })).json().errors).toEqual({
        email: ['Must be a valid email address.'],
      });
      // The entry's author hears of it, the commenter named as the site says it; no mail goes to no one.
      await waitFor(
        () =>
          smtp.inbox
            .slice(before)
            .some((mail) => mail.raw.replace(/=\r?\n/g, '').includes('Nameless words.')),
        'the notification of the anonymous comment',
      );
      const mail = smtp.inbox
        .slice(before)
        .find((candidate) => candidate.raw.replace(/=\r?\n/g, '').includes('Nameless words.'));
      expect(mail?.raw).toContain('Anonymous');
      expect(smtp.inbox.slice(before).every((sent) => sent.to.every((to) => to.includes('@')))).toBe(true);
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', { require_name_email: true });
    }
  });

  it("mail the entry's author through the queue, from the site's white-label name", async () => {
    const site = await t.runtime.siteStore.findById(a.siteId);
    if (!site) throw new Error('no site');
    const brand = (name: string | null) =>
      t.runtime.siteStore
        .update(a.siteId, { branding: { ...site.branding, name } }, new Date().toISOString())
        .then(() => t.runtime.caches.clear('sites'));
    await brand('Quay Studio');
    const before = smtp.inbox.length;
    await comment(a, { name: 'Notifier', body: 'Tell the author.' }).finally(() => brand(null));
    const decoded = () => smtp.inbox.slice(before).map((mail) => mail.raw.replace(/=\r?\n/g, ''));
    await waitFor(() => decoded().some((raw) => raw.includes('Notifier')), 'the notification');
    const editor = (await a.call('admin', 'GET', `/api/users/${a.users.editor.id}`)).json().data;
    const mail = smtp.inbox
      .slice(before)
      .find((candidate) => candidate.raw.replace(/=\r?\n/g, '').includes('Notifier'));
    expect(mail?.to).toEqual([editor.email]);
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain('Tell the author.');
    // MAIL_FROM's address under the site's name: the vendor's name in MAIL_FROM never shows.
    expect(mail?.raw).toMatch(/^From: "?Quay Studio"? <[^>]+>\r?$/m);
    expect(mail?.raw).not.toMatch(/tessera/i);
  });
});

it('limits comments per address with a budget of their own (429 in the envelope)', async () => {
  const limited = await createTestApp({ RATE_LIMIT_COMMENTS: '2' });
  try {
    const site = await seedContentSite(limited.app, limited.runtime, 'r.test');
    await site.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 0 });
    const entry = (await site.call('editor', 'POST', '/api/posts', { title: 'Limited' })).json().data.id;
    await site.call('editor', 'POST', `/api/posts/${entry}/publish`, {});
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const { token } = (await site.call('anonymous', 'GET', `/api/comments/form?entry_id=${entry}`)).json()
        .data;
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { host: site.host },
        remoteAddress: '192.0.2.77',
        payload: { entry_id: entry, name: 'N', email: `n${i}@example.test`, body: 'Hi', token },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBeDefined();
    }
    expect(statuses).toEqual([201, 201, 429]);
  } finally {
    await limited.close();
  }
});
