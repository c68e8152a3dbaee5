import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteVisitor } from '../../../apps/server/test/fixtures/site-visitor.js';
import { testEngine } from '../../../apps/server/test/harness.js';
import { signIn } from '../../../apps/server/test/identity-fixtures.js';
import { createPlan, type MembersWorld, membersWorld, seedAccount, signedIn } from './fixtures.js';

/**
 * Entries restricted by plan on every surface where content leaves the server (page, page cache,
 * content API, search, RSS, sitemap), for an anonymous visitor, a member of the plan, a member of
 * another plan and an administrator.
 */

let world: MembersWorld;
let friends: { id: number; slug: string };
let friend: SiteVisitor;
let patron: SiteVisitor;
let adminCookie: string;
const SECRET = 'quixotic';
const TEASER = 'A short teaser for friends';

beforeAll(async () => {
  world = await membersWorld('member-access');
  friends = await createPlan(world.a, { name: 'Friends', slug: 'friends' });
  await createPlan(world.a, {
    name: 'Patrons',
    slug: 'patrons',
    price: 500,
    currency: 'EUR',
    interval: 'month',
  });
  await seedAccount(world, world.a, 'friend@example.test');
  await seedAccount(world, world.a, 'patron@example.test');
  const imported = await world.a.call('admin', 'POST', '/api/members/members/import', {
    csv: 'email,plan,comped\nfriend@example.test,friends,no\npatron@example.test,patrons,yes\n',
  });
  expect(imported.json().data.written, imported.body).toBe(true);
  friend = await signedIn(world, world.a, 'friend@example.test');
  patron = await signedIn(world, world.a, 'patron@example.test');
  adminCookie = (await signIn(world.t.app, world.a.host, world.a.users.admin.email)).cookie;
});
afterAll(() => world?.t.close());

async function publish(title: string, excerpt: string) {
  const created = await world.a.call('admin', 'POST', '/api/posts', {
    title,
    excerpt,
    fields: { content: `<p>The ${SECRET} body of ${title}.</p>` },
  });
  const published = await world.a.call('admin', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  const post = published.json().data;
  const at = new Date(post.published_at);
  const url = `/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${post.slug}`;
  return { id: post.id as number, url };
}

const restrict = (id: number, body: Record<string, unknown>, caller: 'admin' | 'editor' = 'admin') =>
  world.a.call(caller, 'PUT', `/api/members/restrictions/${id}`, body);

const anonymous = (url: string) =>
  world.t.app.inject({ method: 'GET', url, headers: { host: world.a.host } });
const asAdmin = (url: string) =>
  world.t.app.inject({ method: 'GET', url, headers: { host: world.a.host, cookie: adminCookie } });

describe(`entries restricted by plan (${testEngine})`, () => {
  it('shows each reader of a page what their plan allows, never from the shared page cache', async () => {
    const post = await publish('Friends briefing', TEASER);
    // Seen while public: kept by the page cache for everyone.
    const before = await anonymous(post.url);
    expect(before.statusCode).toBe(200);
    expect((await anonymous(post.url)).body).toBe(before.body);

    const set = await restrict(post.id, { audience: 'plans', plan_ids: [friends.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ entry_id: post.id, audience: 'plans', plan_ids: [friends.id] });

    // Anonymous: the teaser, signing in and the plans; the cached copy is gone.
    const notice = await anonymous(post.url);
    expect(notice.statusCode).toBe(403);
    // Decided after looking for who is signed in: for this visitor alone.
    expect(notice.headers['cache-control']).toBe('private, no-store');
    expect(notice.body).toContain(`<p class="tb-notice__teaser">${TEASER}</p>`);
    expect(notice.body).toContain('This page is for members of the site.');
    expect(notice.body).toContain('href="/members"');
    expect(notice.body).toContain(`href="/account/sign-in?next=${encodeURIComponent(post.url)}"`);
    expect(notice.body).not.toContain(SECRET);

    // The plan's member reads it, for their eyes only.
    const read = await friend.get(post.url);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(SECRET);
    expect(read.headers['cache-control']).toBe('private, no-store');
    // Another plan's member: the teaser, told their plan does not include it, no sign-in link.
    const other = await patron.get(post.url);
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('Your membership does not include this page.');
    expect(other.body).toContain('See the plans');
    expect(other.body).not.toContain('/account/sign-in');
    expect(other.body).not.toContain(SECRET);
    // An administrator reads everything.
    const admin = await asAdmin(post.url);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain(SECRET);
    // After the member and the administrator, an anonymous visitor still gets the notice.
    expect((await anonymous(post.url)).statusCode).toBe(403);
  });

  it('gives a suspended or cancelled member the teaser, and any member an entry for members of any plan', async () => {
    const post = await publish('Any member', 'For any member');
    await restrict(post.id, { audience: 'members' });
    expect((await patron.get(post.url)).statusCode).toBe(200);
    const listed = (await world.a.call('admin', 'GET', '/api/members/members?search=patron')).json().data;
    const id = listed.items[0].id;
    await world.a.call('admin', 'POST', `/api/members/members/${id}/suspend`);
    const suspended = await patron.get(post.url);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.body).not.toContain(SECRET);
    await world.a.call('admin', 'POST', `/api/members/members/${id}/resume`);
    await world.a.call('admin', 'POST', `/api/members/members/${id}/cancel`);
    expect((await patron.get(post.url)).statusCode).toBe(403);
    // A signed-in account that never joined: the teaser too.
    await seedAccount(world, world.a, 'stranger@example.test');
    expect((await (await signedIn(world, world.a, 'stranger@example.test')).get(post.url)).statusCode).toBe(
      403,
    );
    // Public again: everyone reads it.
    expect((await restrict(post.id, { audience: 'public' })).json().data.audience).toBe('public');
    expect((await anonymous(post.url)).statusCode).toBe(200);
  });

  it('shows only the teaser in search results and the RSS feed, whoever asks', async () => {
    const post = await publish('Searchable briefing', 'Searchable teaser');
    const open = await publish('Open letter', '');
    const ids = async (q: string) =>
      (await anonymous(`/api/search?q=${q}`)).json().data.map((item: { id: number }) => item.id);
    expect(await ids(SECRET)).toEqual(expect.arrayContaining([post.id, open.id]));
    await restrict(post.id, { audience: 'plans', plan_ids: [friends.id] });
    // Its text is no longer searched: the words in it do not find it, its title and teaser do.
    expect(await ids(SECRET)).not.toContain(post.id);
    expect(await ids(SECRET)).toContain(open.id);
    for (const ask of [anonymous, (url: string) => friend.get(url), asAdmin]) {
      const api = (await ask('/api/search?q=searchable')).json().data;
      expect(api.find((item: { id: number }) => item.id === post.id)).toMatchObject({
        restricted: true,
        excerpt: 'Searchable teaser',
      });
      const page = await ask('/search?q=searchable');
      expect(page.body).toContain('Searchable teaser');
      expect(page.body).not.toContain(SECRET);
    }
    // A public entry's result keeps the text around the words found.
    const hit = (await anonymous(`/api/search?q=${SECRET}`))
      .json()
      .data.find((item: { id: number }) => item.id === open.id);
    expect(hit).toMatchObject({ restricted: false, excerpt: expect.stringContaining(SECRET) });

    const feed = await anonymous('/feed.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<description>Searchable teaser</description>');
    expect(feed.body).not.toContain(`The ${SECRET} body of Searchable briefing`);

    // Public again: its text is searched again.
    await restrict(post.id, { audience: 'public' });
    expect(await ids(SECRET)).toContain(post.id);
  });

  it('lists restricted entries in sitemaps only when the members setting says so', async () => {
    const post = await publish('Mapped briefing', 'Mapped teaser');
    await restrict(post.id, { audience: 'members' });
    const sitemap = async () => (await anonymous('/sitemap-post-1.xml')).body;
    expect(await sitemap()).not.toContain(post.url);
    const on = await world.a.call('admin', 'PUT', '/api/settings/members', { sitemap_listed: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await sitemap()).toContain(post.url);
    await world.a.call('admin', 'PUT', '/api/settings/members', { sitemap_listed: false });
    expect(await sitemap()).not.toContain(post.url);
  });

  it('keeps the content API to administrators, and the restriction routes to members.restrict', async () => {
    const post = await publish('API briefing', 'API teaser');
    await restrict(post.id, { audience: 'members' });
    // The content API answers only callers who administer the type: they read everything.
    expect((await anonymous(`/api/posts/${post.id}`)).statusCode).toBe(401);
    expect((await friend.get(`/api/posts/${post.id}`)).statusCode).toBe(401);
    const admin = await world.a.call('admin', 'GET', `/api/posts/${post.id}`);
    expect(admin.json().data.fields.content).toContain(SECRET);

    expect((await restrict(post.id, { audience: 'public' }, 'editor')).statusCode).toBe(403);
    expect((await world.a.call('editor', 'GET', `/api/members/restrictions/${post.id}`)).statusCode).toBe(
      403,
    );
    const refused = await restrict(post.id, { audience: 'plans', plan_ids: [] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.plan_ids).toBeDefined();
    const otherSite = await createPlan(world.b, { name: 'B plan', slug: 'b-plan' });
    expect((await restrict(post.id, { audience: 'plans', plan_ids: [otherSite.id] })).statusCode).toBe(422);
    expect(
      (await world.a.call('admin', 'GET', `/api/members/restrictions/${post.id}`)).json().data.audience,
    ).toBe('members');
    // Another site's restriction of the same id is its own.
    expect(
      (await world.b.call('admin', 'GET', `/api/members/restrictions/${post.id}`)).json().data.audience,
    ).toBe('public');
  });
});
