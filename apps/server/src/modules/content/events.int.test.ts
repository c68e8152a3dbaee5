import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import type { SiteEvent } from '../../core/events/site-events.js';

let t: TestContext;
let a: ContentSite;
const seen: Array<SiteEvent & { site: number | undefined }> = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  t.runtime.hooks.addAction('site.event', (ctx, event) => void seen.push({ ...event, site: ctx.site?.id }), {
    owner: 'test',
  });
});
afterAll(() => t.close());

it(`every change of an entry emits its site event, with the entry as the change left it (${testEngine})`, async () => {
  const created = await a.call('editor', 'POST', '/api/posts', { title: 'Hello' });
  const id = created.json().data.id;
  await a.call('editor', 'PUT', `/api/posts/${id}`, { title: 'Hello again', version: 1 });
  await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
  await a.call('editor', 'POST', `/api/posts/${id}/unpublish`, {});
  const publishAt = new Date(Date.now() + 3_600_000).toISOString();
  await a.call('editor', 'POST', `/api/posts/${id}/schedule`, { publish_at: publishAt });
  await a.call('editor', 'POST', `/api/posts/${id}/unschedule`, {});
  await a.call('editor', 'POST', `/api/posts/${id}/publish`, {});
  await a.call('editor', 'DELETE', `/api/posts/${id}`);
  await a.call('admin', 'DELETE', `/api/posts/${id}?permanent=true`);

  const mine = seen.filter((event) => event.data.id === id);
  expect(mine.map((event) => event.name)).toEqual([
    'post.created',
    'post.updated',
    'post.published',
    'post.unpublished',
    'post.scheduled',
    'post.published',
    'post.unpublished',
    'post.deleted',
  ]);
  expect(mine.every((event) => event.site === a.siteId)).toBe(true);
  expect(mine[1]?.data).toMatchObject({ id, type: 'post', title: 'Hello again', status: 'draft' });
  expect(mine[2]?.data).toMatchObject({ status: 'published', author_id: a.users.editor.id });
  expect(mine[4]?.data).toMatchObject({ status: 'scheduled', publish_at: publishAt });
  expect(mine[7]?.data).toMatchObject({ status: 'trash' });
  expect(Date.parse(mine[0]?.timestamp ?? '')).not.toBeNaN();
});

it('events run inside the transaction: a listener that refuses rolls the change back', async () => {
  const created = await a.call('editor', 'POST', '/api/posts', { title: 'Kept' });
  const id = created.json().data.id;
  const off = t.runtime.hooks.addAction(
    'site.event',
    (_ctx, event) => {
      if (event.name === 'post.updated') throw new Error('no');
    },
    { owner: 'plugin:strict' },
  );
  try {
    const res = await a.call('editor', 'PUT', `/api/posts/${id}`, { title: 'Changed', version: 1 });
    expect(res.statusCode).toBe(409);
  } finally {
    off();
  }
  const after = await a.call('editor', 'GET', `/api/posts/${id}`);
  expect(after.json().data).toMatchObject({ title: 'Kept', version: 1 });
});

it('a new user emits user.created without the address', async () => {
  const res = await a.call('admin', 'POST', '/api/users', {
    email: 'new@a.test',
    display_name: 'New',
    password: 'a fine long passphrase',
    role: 'author',
  });
  expect(res.statusCode, res.body).toBe(201);
  const event = seen.find((candidate) => candidate.name === 'user.created');
  expect(event?.data).toEqual({
    id: res.json().data.id,
    display_name: 'New',
    role: 'author',
    status: 'active',
    created_at: expect.any(String),
  });
});
