import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { activityOf } from '../../../../test/identity-fixtures.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', JOBS_IN_PROCESS: 'false' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});
afterAll(() => t.close());

async function newPost(caller: 'contributor' | 'author' | 'editor', title: string) {
  const res = await a.call(caller, 'POST', '/api/posts', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe(`publication workflow (${testEngine})`, () => {
  it('takes a contributor post through review to publication, each step guarded and logged', async () => {
    const post = await newPost('contributor', 'Reviewed post');
    expect(post.transitions).toEqual(['submit']);
    expect((await a.call('contributor', 'POST', `/api/posts/${post.id}/publish`)).statusCode).toBe(403);
    const submitted = await a.call('contributor', 'POST', `/api/posts/${post.id}/submit`);
    expect(submitted.json().data.status).toBe('in_review');
    expect((await a.call('contributor', 'POST', `/api/posts/${post.id}/approve`)).statusCode).toBe(403);

    const back = await a.call('editor', 'POST', `/api/posts/${post.id}/request-changes`, {
      comment: 'Shorter title',
    });
    expect(back.json().data).toMatchObject({ status: 'draft', review_note: 'Shorter title' });
    await a.call('contributor', 'POST', `/api/posts/${post.id}/submit`);
    expect((await a.call('editor', 'POST', `/api/posts/${post.id}/approve`)).json().data.status).toBe(
      'approved',
    );
    const published = await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', has_unpublished_changes: false });
    expect(published.json().data.published_at).toMatch(/Z$/);

    const actions = (await activityOf(t.runtime, a.siteId)).filter(
      (row) => row.subject_id === String(post.id),
    );
    expect(actions.map((row) => row.action)).toEqual([
      'post.created',
      'post.submitted',
      'post.changes_requested',
      'post.submitted',
      'post.approved',
      'post.published',
    ]);
  });

  it('answers 409 naming the allowed transitions from the current state', async () => {
    const post = await newPost('editor', 'Not in review');
    const res = await a.call('editor', 'POST', `/api/posts/${post.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('transition_not_allowed');
    expect(res.json().message).toContain('submit');
    expect((await a.call('editor', 'POST', `/api/posts/${post.id}/unpublish`)).statusCode).toBe(409);
  });

  it('answers 403, not 409, to whoever may not take the transition at all, whatever the state', async () => {
    const page = (await a.call('editor', 'POST', '/api/pages', { title: 'Editors page' })).json().data;
    expect((await a.call('editor', 'POST', `/api/pages/${page.id}/publish`)).statusCode).toBe(200);
    for (const transition of ['publish', 'unpublish']) {
      const res = await a.call('contributor', 'POST', `/api/pages/${page.id}/${transition}`);
      expect(res.statusCode, transition).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    // Who may publish it still gets 409 where the state says no.
    expect((await a.call('editor', 'POST', `/api/pages/${page.id}/publish`)).statusCode).toBe(409);
  });

  it('keeps serving the published version while a newer draft is edited', async () => {
    const post = await newPost('editor', 'Live title');
    await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    const edited = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      version: 1,
      title: 'Draft title',
    });
    expect(edited.json().data).toMatchObject({
      status: 'published',
      has_unpublished_changes: true,
      title: 'Draft title',
    });
    expect(edited.json().data.transitions).toContain('publish');
    const live = await t.runtime.data
      .site(a.siteId)
      .selectFrom('entries')
      .select(['live'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(live.live)).toContain('Live title');
    const republished = await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    expect(republished.json().data.has_unpublished_changes).toBe(false);
    const unpublished = await a.call('editor', 'POST', `/api/posts/${post.id}/unpublish`);
    expect(unpublished.json().data.status).toBe('draft');
  });

  it('schedules publication through a job that survives changes of the schedule', async () => {
    const post = await newPost('editor', 'Scheduled');
    expect(
      (
        await a.call('editor', 'POST', `/api/posts/${post.id}/schedule`, {
          publish_at: '2001-01-01T00:00:00Z',
        })
      ).statusCode,
    ).toBe(422);
    expect((await a.call('editor', 'POST', `/api/posts/${post.id}/schedule`, {})).statusCode).toBe(422);
    const soon = new Date(Date.now() + 1500).toISOString();
    const scheduled = await a.call('editor', 'POST', `/api/posts/${post.id}/schedule`, { publish_at: soon });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', publish_at: soon });
    // Moved later, then back: only the schedule in force publishes.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await a.call('editor', 'POST', `/api/posts/${post.id}/schedule`, { publish_at: later });
    await a.call('editor', 'POST', `/api/posts/${post.id}/schedule`, { publish_at: soon });
    const worker = workerForRuntime(t.runtime, { pollMs: 50 });
    worker.start();
    try {
      await waitFor(
        async () =>
          (await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data.status === 'published',
        'the scheduled post to be published',
      );
    } finally {
      await worker.stop();
    }
    const entry = (await a.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    expect(entry.publish_at).toBeNull();
  });
});

describe(`edit locks (${testEngine})`, () => {
  it('refuses saves by others while held (423), lets edit_others take over, then refuses the old holder', async () => {
    const post = await newPost('author', 'Locked post');
    const lock = await a.call('author', 'POST', `/api/posts/${post.id}/lock`);
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().data.user_id).toBe(a.users.author.id);
    expect((await a.call('author', 'POST', `/api/posts/${post.id}/lock`)).statusCode).toBe(200);

    const blocked = await a.call('editor', 'PUT', `/api/posts/${post.id}`, {
      version: 1,
      title: 'Editor edit',
    });
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().code).toBe('entry_locked');
    expect((await a.call('editor', 'POST', `/api/posts/${post.id}/lock`)).statusCode).toBe(423);
    const taken = await a.call('editor', 'POST', `/api/posts/${post.id}/lock?takeover=true`);
    expect(taken.json().data.user_id).toBe(a.users.editor.id);
    const refused = await a.call('author', 'PUT', `/api/posts/${post.id}`, {
      version: 1,
      title: 'Author edit',
    });
    expect(refused.statusCode).toBe(423);
    expect(
      (await a.call('editor', 'PUT', `/api/posts/${post.id}`, { version: 1, title: 'Editor edit' }))
        .statusCode,
    ).toBe(200);
    expect((await a.call('editor', 'DELETE', `/api/posts/${post.id}/lock`)).statusCode).toBe(204);
    expect((await a.call('author', 'GET', `/api/posts/${post.id}`)).json().data.lock).toBeNull();
  });

  it('lets the lock lapse after the idle time', async () => {
    const post = await newPost('author', 'Quiet lock');
    await a.call('author', 'POST', `/api/posts/${post.id}/lock`);
    const stale = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.runtime.data
      .site(a.siteId)
      .updateTable('entries')
      .set({ lock_seen_at: stale })
      .where('id', '=', post.id)
      .execute();
    expect(
      (await a.call('editor', 'PUT', `/api/posts/${post.id}`, { version: 1, title: 'After lapse' }))
        .statusCode,
    ).toBe(200);
  });
});

describe(`revisions (${testEngine})`, () => {
  it('stores every save, compares two, restores one as a new revision, and keeps the setting', async () => {
    const page = (await a.call('editor', 'POST', '/api/pages', { title: 'One', blocks: [] })).json().data;
    await a.call('editor', 'PUT', `/api/pages/${page.id}`, { version: 1, title: 'Two', excerpt: 'Short' });
    await a.call('editor', 'PUT', `/api/pages/${page.id}`, { version: 2, title: 'Three' });
    const list = (await a.call('editor', 'GET', `/api/pages/${page.id}/revisions`)).json();
    expect(list.meta.total).toBe(3);
    const [third, second, first] = list.data;
    expect(third.version).toBe(3);
    const diff = await a.call(
      'editor',
      'GET',
      `/api/pages/${page.id}/revisions/compare?from=${first.id}&to=${second.id}`,
    );
    expect(diff.json().data.properties).toEqual(
      expect.arrayContaining([
        { path: 'title', change: 'changed', before: 'One', after: 'Two' },
        { path: 'excerpt', change: 'changed', before: '', after: 'Short' },
      ]),
    );
    const restored = await a.call('editor', 'POST', `/api/pages/${page.id}/revisions/${first.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ title: 'One', version: 4 });
    const one = (await a.call('editor', 'GET', `/api/pages/${page.id}/revisions/${first.id}`)).json().data;
    expect(one.state.title).toBe('One');
    const foreignRevision = await a.call('editor', 'GET', `/api/posts/${page.id}/revisions`);
    expect(foreignRevision.statusCode).toBe(404);
  });

  it('prunes to the site setting, never the published revision', async () => {
    await a.call('admin', 'PUT', '/api/settings/revisions', { revisions_to_keep: 2 });
    const post = await newPost('editor', 'Pruned v1');
    await a.call('editor', 'POST', `/api/posts/${post.id}/publish`);
    for (let version = 1; version <= 4; version += 1)
      await a.call('editor', 'PUT', `/api/posts/${post.id}`, { version, title: `Pruned v${version + 1}` });
    const revisions = (await a.call('editor', 'GET', `/api/posts/${post.id}/revisions`)).json().data;
    expect(revisions.map((revision: { version: number }) => revision.version)).toEqual([5, 4, 1]);
    expect(revisions.find((revision: { live: boolean }) => revision.live).version).toBe(1);
    await a.call('admin', 'PUT', '/api/settings/revisions', { revisions_to_keep: 25 });
  });
});
