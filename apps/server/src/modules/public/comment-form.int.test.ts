import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { CommentsRepo } from '../comments/repo.js';

let t: TestContext;
let a: ContentSite;
let visitor = 0;

async function publish(base: string, title: string): Promise<{ id: number; url: string }> {
  const created = await a.call('editor', 'POST', base, { title });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const published = await a.call('editor', 'POST', `${base}/${id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return { id, url: published.json().data.url as string };
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });

/** The form's input of a field, as the page has it. */
const inputOf = (html: string, field: string) =>
  new RegExp(`<input id="comment-${field}"[^>]*>`).exec(html)?.[0] ?? '';

/** The form's hidden token, as a browser would find it on the page. */
async function tokenOf(url: string): Promise<string> {
  const token = /name="token" value="([^"]+)"/.exec((await get(url)).body)?.[1];
  expect(token).toBeDefined();
  return token as string;
}

/** A comment posted through the form, from a new address each time (the rate limit is by address). */
async function postForm(entry: { id: number; url: string }, fields: Record<string, string>) {
  const token = fields.token ?? (await tokenOf(entry.url));
  visitor += 1;
  return t.app.inject({
    method: 'POST',
    url: `/_comments/${entry.id}`,
    headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: `203.0.113.${visitor % 250}`,
    payload: new URLSearchParams({
      comment: 'A fine post.',
      name: 'Ada',
      email: `ada${visitor}@example.test`,
      token,
      ...fields,
    }).toString(),
  });
}

const repo = () => new CommentsRepo(t.runtime.data.site(a.siteId));

async function seedComment(
  entryId: number,
  values: { name?: string; body?: string; parent?: number; status?: 'approved' | 'pending'; userId?: number },
) {
  const parent = values.parent === undefined ? null : await repo().byId(values.parent);
  const at = new Date().toISOString();
  return repo().insert({
    entry_id: entryId,
    parent_id: parent?.id ?? null,
    depth: parent ? parent.depth + 1 : 1,
    author_name: values.name ?? 'Reader',
    author_email: 'reader@example.test',
    author_url: null,
    user_id: values.userId ?? null,
    ip: null,
    user_agent: null,
    body: values.body ?? 'Nice.',
    status: values.status ?? 'approved',
    created_at: at,
    updated_at: at,
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_COMMENTS: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const set = await a.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 0 });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

describe(`comments on the public site (${testEngine})`, () => {
  it('shows the approved thread with its replies, authors, dates and the team’s replies marked, never a held one', async () => {
    const post = await publish('/api/posts', 'Threaded');
    const first = await seedComment(post.id, { name: 'Grace', body: 'First <b>words</b>' });
    await repo().update(first, { author_url: 'https://grace.example' });
    const reply = await seedComment(post.id, { name: 'Admin', body: 'Thanks!', parent: first, userId: 1 });
    await seedComment(post.id, { name: 'Spammer', body: 'held text', status: 'pending' });

    const page = await get(post.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('public');
    const html = page.body;
    expect(html).toContain('id="comments"');
    expect(html).toContain('2 comments');
    expect(html).toMatch(/<a href="https:\/\/grace.example" rel="nofollow ugc noopener">Grace<\/a>/);
    expect(html).toContain('First &lt;b&gt;words&lt;/b&gt;');
    expect(html).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+">/);
    // The reply nests under its parent, marked as the site's.
    expect(html).toMatch(
      new RegExp(
        `id="comment-${first}"[\\s\\S]*class="tb-comments__replies"><li id="comment-${reply}" class="tb-comment tb-comment--team"`,
      ),
    );
    expect(html).toContain('Site team');
    expect(html).not.toContain('held text');
    // A form that works without a script: labelled fields, a hidden token and the honeypot.
    expect(html).toContain(`action="/_comments/${post.id}" method="post"`);
    for (const field of ['comment', 'name', 'email', 'url'])
      expect(html).toContain(`<label for="comment-${field}">`);
    expect(html).toContain('name="website"');
    expect(html).toContain(`href="${post.url}?replytocom=${first}#respond"`);

    // The home page lists the post with its count of approved comments.
    const home = (await get('/')).body;
    expect(home).toContain(`<a href="${post.url}#comments">2 comments</a>`);
  });

  it('counts approved comments in list blocks too, and a newly approved one shows there at once', async () => {
    const post = await publish('/api/posts', 'Listed');
    await seedComment(post.id, { name: 'One' });
    const created = await a.call('editor', 'POST', '/api/pages', {
      title: 'News',
      blocks: [{ id: 'latest', type: 'latest-posts', props: { count: 3 } }],
    });
    const page = (await a.call('editor', 'POST', `/api/pages/${created.json().data.id}/publish`, {})).json()
      .data as { url: string };
    expect((await get(page.url)).body).toContain(`<a href="${post.url}#comments">1 comment</a>`);
    const held = await seedComment(post.id, { name: 'Two', status: 'pending' });
    expect(
      (await a.call('admin', 'POST', '/api/comments/bulk', { action: 'approve', ids: [held] })).statusCode,
    ).toBe(200);
    expect((await get(page.url)).body).toContain(`<a href="${post.url}#comments">2 comments</a>`);
  });

  it('counts approved comments in widgets too, and an approved one drops the widgets listing its entry', async () => {
    const older = await publish('/api/posts', 'Not in the footer');
    const post = await publish('/api/posts', 'In the footer');
    await seedComment(post.id, { name: 'One' });
    const widget = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: { type: 'latest-posts', props: { count: 1 } },
    });
    expect(widget.statusCode, widget.body).toBe(201);
    try {
      const about = await publish('/api/pages', 'About the footer');
      const link = (n: string) => `<a href="${post.url}#comments">${n}</a>`;
      const first = await get(about.url);
      expect(first.body).toContain(link('1 comment'));
      // Kept: the same page again, from the page cache, with the widgets as rendered.
      expect((await get(about.url)).headers.etag).toBe(first.headers.etag);
      // A comment on an entry no widget lists leaves the page (and the widgets) as they are.
      const elsewhere = await seedComment(older.id, { status: 'pending' });
      await a.call('admin', 'POST', '/api/comments/bulk', { action: 'approve', ids: [elsewhere] });
      expect((await get(about.url)).headers.etag).toBe(first.headers.etag);
      const held = await seedComment(post.id, { name: 'Two', status: 'pending' });
      const approved = await a.call('admin', 'POST', '/api/comments/bulk', {
        action: 'approve',
        ids: [held],
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await get(about.url)).body).toContain(link('2 comments'));
      // Held again: one less, at once.
      await a.call('admin', 'POST', '/api/comments/bulk', { action: 'hold', ids: [held] });
      expect((await get(about.url)).body).toContain(link('1 comment'));
    } finally {
      await a.call('admin', 'DELETE', `/api/widgets/${widget.json().data.id}`);
    }
  });

  it('answers a comment with a reply form from ?replytocom, not kept by the page cache', async () => {
    const post = await publish('/api/posts', 'Replies');
    const first = await seedComment(post.id, { name: 'Linus' });
    const page = await get(`${post.url}?replytocom=${first}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Reply to Linus');
    expect(page.body).toContain(`name="parent_id" value="${first}"`);
    expect(page.body).toContain(`href="${post.url}#respond">Cancel reply`);
    expect((await get(post.url)).body).not.toContain('name="parent_id"');

    const answered = await postForm(post, { parent_id: String(first), email: 'known@example.test' });
    expect(answered.statusCode, answered.body).toBe(303);
    const rows = (await repo().approvedOf(post.id)).concat(
      (await repo().list({ entryId: post.id, status: 'pending' }, 1, 10)).rows,
    );
    expect(rows.find((row) => row.parent_id === first)?.depth).toBe(2);
  });

  it('refuses a faulty comment with the page again, each fault next to its field and what was typed kept', async () => {
    const post = await publish('/api/posts', 'Faults');
    const refused = await postForm(post, {
      comment: 'Kept text',
      name: '',
      email: 'not-an-address',
      url: 'ftp://x',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const html = refused.body;
    expect(html).toContain('Name: this field is required.');
    expect(html).toMatch(
      /id="comment-name"[^>]*aria-describedby="comment-name-error"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain('<span class="tb-form__error" id="comment-email-error">Email: enter an address');
    expect(html).toContain('id="comment-url-error"');
    expect(html).toContain('>Kept text</textarea>');
    expect(await repo().approvedOf(post.id)).toEqual([]);

    // The timing check: sent sooner than the settings allow after the form appeared.
    await a.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 30 });
    try {
      const quick = await postForm(post, {});
      expect(quick.statusCode).toBe(422);
      expect(quick.body).toContain('Sent too quickly after the page loaded');
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', { min_seconds: 0 });
    }
    // A forged token, and another site's page posting here.
    expect((await postForm(post, { token: 'sb1:forged' })).body).toContain('This form is too old');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/_comments/${post.id}`,
      headers: {
        host: a.host,
        origin: 'https://evil.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'comment=x',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await postForm({ id: 999_999, url: post.url }, { token: 'x' })).statusCode).toBe(404);
    // Out of range ids and values that are not text are refused, never a 500.
    expect((await postForm({ id: 99_999_999_999, url: post.url }, { token: 'x' })).statusCode).toBe(404);
    const deep = await postForm(post, { parent_id: '99999999999' });
    expect(deep.statusCode).toBe(422);
    const json = await t.app.inject({
      method: 'POST',
      url: `/_comments/${post.id}`,
      headers: { host: a.host },
      payload: { comment: 5, name: ['x'], email: {}, token: null },
    });
    expect(json.statusCode).toBe(422);
  });

  it('asks for a name and an email address only while require_name_email is on; off, a nameless comment is “Anonymous”', async () => {
    const post = await publish('/api/posts', 'Names');
    // On, the default: both fields are marked and required, and a comment without them refused.
    let html = (await get(post.url)).body;
    for (const field of ['name', 'email']) {
      expect(inputOf(html, field)).toContain(' required=""');
      expect(html).toMatch(
        new RegExp(`<label for="comment-${field}">[^<]*<span aria-hidden="true"> \\*</span>`),
      );
    }
    const refused = await postForm(post, { name: '  ', email: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Name: this field is required.');
    expect(refused.body).toContain('Email: this field is required.');

    await a.call('admin', 'PUT', '/api/settings/discussion', {
      require_name_email: false,
      moderation: 'none',
    });
    try {
      html = (await get(post.url)).body;
      for (const field of ['name', 'email']) {
        expect(inputOf(html, field)).toContain(`name="${field}"`);
        expect(inputOf(html, field)).not.toContain('required');
        expect(html).not.toMatch(new RegExp(`<label for="comment-${field}">[^<]*<span`));
      }
      // An address given must still be one.
      const bad = await postForm(post, { name: '', email: 'nobody' });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('Email: enter an address');
      const posted = await postForm(post, { comment: 'Said by nobody in particular', name: '', email: '' });
      expect(posted.statusCode, posted.body).toBe(303);
      const id = Number(/#comment-(\d+)$/.exec(posted.headers.location as string)?.[1]);
      expect((await repo().byId(id))?.status).toBe('approved');
      html = (await get(post.url)).body;
      expect(html).toContain('Said by nobody in particular');
      expect(html).toContain(`id="comment-${id}-author">Anonymous</b>`);
      expect(html).toContain('aria-label="Reply to Anonymous"');

      // The same in French on a French site.
      const f = await seedContentSite(t.app, t.runtime, 'f.test');
      await f.call('super_admin', 'PUT', `/api/sites/${f.siteId}`, { locales: ['fr'], default_locale: 'fr' });
      await f.call('admin', 'PUT', '/api/settings/discussion', { require_name_email: false, min_seconds: 0 });
      const created = await f.call('editor', 'POST', '/api/posts', { title: 'Sans nom' });
      const frPost = (
        await f.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {})
      ).json().data as { id: number; url: string };
      const at = new Date().toISOString();
      await new CommentsRepo(t.runtime.data.site(f.siteId)).insert({
        entry_id: frPost.id,
        parent_id: null,
        depth: 1,
        author_name: '',
        author_email: '',
        author_url: null,
        user_id: null,
        ip: null,
        user_agent: null,
        body: 'Un mot sans nom.',
        status: 'approved',
        created_at: at,
        updated_at: at,
      });
      const french = await t.app.inject({ method: 'GET', url: frPost.url, headers: { host: f.host } });
      expect(french.statusCode).toBe(200);
      expect(french.body).toContain('Un mot sans nom.');
      expect(french.body).toMatch(/id="comment-\d+-author">Anonyme<\/b>/);
      expect(inputOf(french.body, 'name')).not.toContain('required');
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', {
        require_name_email: true,
        moderation: 'unknown_authors',
      });
    }
  });

  it('takes a robot’s comment as if posted and stores nothing', async () => {
    const post = await publish('/api/posts', 'Honeypot');
    const robot = await postForm(post, { website: 'https://spam.example' });
    expect(robot.statusCode).toBe(303);
    expect(robot.headers.location).toBe(post.url);
    expect((await repo().list({ entryId: post.id }, 1, 10)).total).toBe(0);
  });

  it('shows a held comment to its author alone, through a sealed receipt, and the rest keep the cached page', async () => {
    const post = await publish('/api/posts', 'Held');
    const cached = await get(post.url);
    const posted = await postForm(post, { comment: 'My first words here', name: 'Newcomer' });
    expect(posted.statusCode, posted.body).toBe(303);
    const location = posted.headers.location as string;
    expect(location).toMatch(new RegExp(`^${post.url}\\?comment=[^#]+#comment-\\d+$`));
    expect(posted.headers['set-cookie']).toBeUndefined();

    const mine = await get(location.split('#')[0] as string);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['set-cookie']).toBeUndefined();
    expect(mine.body).toContain('My first words here');
    expect(mine.body).toContain('Your comment is awaiting moderation.');

    const others = await get(post.url);
    expect(others.body).not.toContain('My first words here');
    expect(others.headers.etag).toBe(cached.headers.etag);
    // A receipt altered, or of another entry, shows nothing.
    const forged = await get(`${post.url}?comment=${encodeURIComponent('sb1:AAAA')}`);
    expect(forged.body).not.toContain('My first words here');
    const elsewhere = await publish('/api/posts', 'Elsewhere');
    const receipt = /\?comment=([^#]+)/.exec(location)?.[1] as string;
    expect((await get(`${elsewhere.url}?comment=${receipt}`)).body).not.toContain('My first words here');
  });

  it('publishes a known author’s comment at once and sends them to it; moderation drops the page from the cache', async () => {
    const post = await publish('/api/posts', 'Purged');
    await a.call('admin', 'PUT', '/api/settings/discussion', { moderation: 'none' });
    let id: number;
    try {
      expect((await get(post.url)).body).not.toContain('Straight in');
      const posted = await postForm(post, { comment: 'Straight in' });
      expect(posted.statusCode, posted.body).toBe(303);
      id = Number(/#comment-(\d+)$/.exec(posted.headers.location as string)?.[1]);
      expect(posted.headers.location).toBe(`${post.url}#comment-${id}`);
      expect((await get(post.url)).body).toContain('Straight in');
    } finally {
      await a.call('admin', 'PUT', '/api/settings/discussion', { moderation: 'unknown_authors' });
    }
    // Held, spam, trash or deleted: gone from the page at once.
    const held = await a.call('admin', 'POST', '/api/comments/bulk', { action: 'hold', ids: [id] });
    expect(held.statusCode, held.body).toBe(200);
    expect((await get(post.url)).body).not.toContain('Straight in');
    await a.call('admin', 'POST', '/api/comments/bulk', { action: 'approve', ids: [id] });
    expect((await get(post.url)).body).toContain('Straight in');
    const edited = await a.call('admin', 'PUT', `/api/comments/${id}`, { body: 'Edited words' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(post.url)).body).toContain('Edited words');
    expect((await a.call('admin', 'DELETE', `/api/comments/${id}`)).statusCode).toBe(204);
    expect((await get(post.url)).body).not.toContain('Edited words');
  });

  it('pages long threads by 50 top-level comments, each page kept in the cache under its address', async () => {
    const post = await publish('/api/posts', 'Long thread');
    const ids: number[] = [];
    for (let i = 1; i <= 51; i++) ids.push(await seedComment(post.id, { body: `Comment number ${i}.` }));
    await seedComment(post.id, { body: 'A reply to the last', parent: ids[50] });
    // Read after the inserts: nothing purged the page cache for rows written straight to the table.
    const first = await get(post.url);
    expect(first.body).toContain('52 comments');
    expect(first.body).toContain('Comment number 50.');
    expect(first.body).not.toContain('Comment number 51.');
    expect(first.body).toContain(`href="${post.url}?comments_page=2#comments" rel="next"`);
    const second = await get(`${post.url}?comments_page=2`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toContain('public');
    expect(second.body).toContain('Comment number 51.');
    expect(second.body).toContain('A reply to the last');
    expect(second.body).not.toContain('Comment number 50.');
    expect(second.body).toContain(`href="${post.url}#comments" rel="prev"`);
    expect((await get(`${post.url}?comments_page=3`)).statusCode).toBe(404);
  });

  it('says comments are closed, with no form: by hand, by the settings, after N days', async () => {
    const post = await publish('/api/posts', 'Closing');
    const closed = await a.call('admin', 'PUT', `/api/discussions/${post.id}`, { open: false });
    expect(closed.statusCode, closed.body).toBe(200);
    let html = (await get(post.url)).body;
    expect(html).toContain('Comments are closed.');
    expect(html).not.toContain('action="/_comments/');
    await a.call('admin', 'PUT', `/api/discussions/${post.id}`, { open: true });
    expect((await get(post.url)).body).toContain('action="/_comments/');

    for (const rules of [{ comments_enabled: false }, { close_after_days: 1 }]) {
      await a.call('admin', 'PUT', '/api/settings/discussion', rules);
      const old = await publish('/api/posts', 'Old post');
      if ('close_after_days' in rules)
        await t.runtime.data
          .site(a.siteId)
          .updateTable('entries')
          .set({ published_at: '2020-01-01T00:00:00.000Z' })
          .where('id', '=', old.id)
          .execute();
      // Its date moves its address: the site's answer for the old one leads there.
      const at = await get(old.url);
      html = (at.statusCode === 301 ? await get(at.headers.location as string) : at).body;
      expect(html, JSON.stringify(rules)).toContain('Comments are closed.');
      expect(html).not.toContain('action="/_comments/');
      await a.call('admin', 'PUT', '/api/settings/discussion', {
        comments_enabled: true,
        close_after_days: 0,
      });
    }

    // A page's type takes no comments: no thread, no form, nothing said.
    const page = await publish('/api/pages', 'About');
    html = (await get(page.url)).body;
    expect(html).not.toContain('id="comments"');
    expect((await get(`${page.url}?comments_page=2`)).statusCode).toBe(404);
  });
});
