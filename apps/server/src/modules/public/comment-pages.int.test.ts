import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { CommentsRepo } from '../comments/repo.js';

/**
 * Long threads cut into pages as the site's discussion settings say (comments_per_page,
 * comment_order): the public post page's order, page size and links to older and newer comments.
 */
let t: TestContext;
let a: ContentSite;
let post: { id: number; url: string };
const ids: number[] = [];

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });
const repo = () => new CommentsRepo(t.runtime.data.site(a.siteId));

async function discussion(values: Record<string, unknown>) {
  const set = await a.call('admin', 'PUT', '/api/settings/discussion', values);
  expect(set.statusCode, set.body).toBe(200);
}

async function approved(body: string, parent: number | null = null) {
  const at = new Date().toISOString();
  return repo().insert({
    ...{ entry_id: post.id, parent_id: parent, depth: parent === null ? 1 : 2, body, status: 'approved' },
    ...{ author_name: 'Reader', author_email: 'reader@example.test', author_url: null, user_id: null },
    ...{ ip: null, user_agent: null, created_at: at, updated_at: at },
  });
}

/** The comments' texts in the order the page shows them. */
function shown(html: string): string[] {
  return [...html.matchAll(/<p>(Comment \d|Reply to \d)[^<]*<\/p>/g)].map((match) => match[1] as string);
}

/** The page's links to the other pages of its thread, as they read. */
function links(html: string): string[] {
  const nav = /<nav class="tb-pagination" aria-label="Comment pages">(.*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)" rel="(prev|next)">([^<]+)<\/a>/g)].map(
    ([, href, rel, text]) => `${rel} ${href?.replace(post.url, '')} ${text}`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_COMMENTS: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const created = await a.call('editor', 'POST', '/api/posts', { title: 'Paged thread' });
  const id = created.json().data.id as number;
  const published = await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  post = { id, url: published.json().data.url as string };
  for (let i = 1; i <= 5; i++) ids.push(await approved(`Comment ${i}`));
  await approved('Reply to 1', ids[0]);
  await approved('Reply to 3', ids[2]);
});
afterAll(() => t.close());

describe(`comment pages as the discussion settings say (${testEngine})`, () => {
  it('shows the newest first, so many a page, replies oldest first under their parent, the next page older', async () => {
    await discussion({ comments_per_page: 2, comment_order: 'newest' });
    const first = await get(post.url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('7 comments');
    expect(shown(first.body)).toEqual(['Comment 5', 'Comment 4']);
    expect(links(first.body)).toEqual(['next ?comments_page=2#comments Older comments →']);
    const second = await get(`${post.url}?comments_page=2`);
    expect(second.headers['cache-control']).toContain('public');
    expect(shown(second.body)).toEqual(['Comment 3', 'Reply to 3', 'Comment 2']);
    expect(links(second.body)).toEqual([
      'prev #comments ← Newer comments',
      'next ?comments_page=3#comments Older comments →',
    ]);
    const last = await get(`${post.url}?comments_page=3`);
    expect(shown(last.body)).toEqual(['Comment 1', 'Reply to 1']);
    expect(links(last.body)).toEqual(['prev ?comments_page=2#comments ← Newer comments']);
    expect((await get(`${post.url}?comments_page=4`)).statusCode).toBe(404);
  });

  it('shows the oldest first again once the settings say so: the cached pages follow the settings', async () => {
    await discussion({ comments_per_page: 3, comment_order: 'oldest' });
    const first = await get(post.url);
    expect(shown(first.body)).toEqual(['Comment 1', 'Reply to 1', 'Comment 2', 'Comment 3', 'Reply to 3']);
    expect(links(first.body)).toEqual(['next ?comments_page=2#comments Newer comments →']);
    const second = await get(`${post.url}?comments_page=2`);
    expect(shown(second.body)).toEqual(['Comment 4', 'Comment 5']);
    expect(links(second.body)).toEqual(['prev #comments ← Older comments']);
    expect((await get(`${post.url}?comments_page=3`)).statusCode).toBe(404);
    await discussion({ comments_per_page: 200 });
    const all = await get(post.url);
    expect(shown(all.body)).toHaveLength(7);
    expect(links(all.body)).toEqual([]);
  });

  it('sends a posted comment, and shows a held one to its author, on the page showing it whatever the order', async () => {
    await discussion({ comments_per_page: 2, comment_order: 'newest', min_seconds: 0, moderation: 'none' });
    const form = async (comment: string, parent: number | null) => {
      const token = /name="token" value="([^"]+)"/.exec((await get(post.url)).body)?.[1] ?? '';
      const fields = { comment, name: 'Ada', email: 'ada@example.test', token };
      return t.app.inject({
        method: 'POST',
        url: `/_comments/${post.id}`,
        headers: { host: a.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(
          parent === null ? fields : { ...fields, parent_id: String(parent) },
        ).toString(),
      });
    };
    // A reply to the oldest comment is on the last page; a new comment on the first.
    const reply = await form('Reply to 1, posted', ids[0] as number);
    expect(reply.statusCode, reply.body).toBe(303);
    expect(reply.headers.location).toMatch(new RegExp(`^${post.url}\\?comments_page=3#comment-\\d+$`));
    const fresh = await form('Comment 6, posted', null);
    expect(fresh.headers.location).toMatch(new RegExp(`^${post.url}#comment-\\d+$`));
    // Held, a reply to an old comment shows to its author on the page of its conversation.
    await discussion({ moderation: 'all' });
    const held = await form('Reply to 2, held', ids[1] as number);
    expect(held.statusCode, held.body).toBe(303);
    const mine = await get((held.headers.location as string).split('#')[0] as string);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // Six conversations, two a page: 6 and 5, 4 and 3, then 2 and 1 with their replies.
    expect(mine.body).toContain('Page 3 of 3');
    expect(shown(mine.body)).toEqual(['Comment 2', 'Reply to 2', 'Comment 1', 'Reply to 1', 'Reply to 1']);
    expect(mine.body).toContain('Reply to 2, held');
    expect(mine.body).toContain('Your comment is awaiting moderation.');
  });
});
