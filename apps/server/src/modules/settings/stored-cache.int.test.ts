import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { SettingsRepo } from './repo.js';
import { settingsOf } from './service.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  await t.close();
});

const site = async () => {
  const found = await t.runtime.sites.resolve(a.host);
  if (!found) throw new Error('no site');
  return found;
};

describe("a site's settings, read once and kept", () => {
  it('are read afresh after a change through the API', async () => {
    expect((await settingsOf(t.runtime, await site(), 'reading')).posts_per_page).toBe(10);
    const changed = await a.call('admin', 'PUT', '/api/settings/reading', { posts_per_page: 4 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await settingsOf(t.runtime, await site(), 'reading')).posts_per_page).toBe(4);
  });

  it('keep nothing read inside a transaction that rolls back', async () => {
    const current = await site();
    await expect(
      t.runtime.data.transaction(async (tx) => {
        await new SettingsRepo(tx.site(current.id)).put(
          'reading',
          'posts_per_page',
          '7',
          new Date().toISOString(),
        );
        // Inside the transaction the uncommitted value is seen, and not kept.
        expect((await settingsOf(t.runtime, current, 'reading')).posts_per_page).toBe(7);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await settingsOf(t.runtime, current, 'reading')).posts_per_page).toBe(4);
  });

  it('are forgotten when another process says so (the settings cache of runtime.caches)', async () => {
    const current = await site();
    expect((await settingsOf(t.runtime, current, 'reading')).posts_per_page).toBe(4);
    // Written by another instance: this one keeps its copy until told.
    await new SettingsRepo(t.runtime.data.site(current.id)).put(
      'reading',
      'posts_per_page',
      '6',
      new Date().toISOString(),
    );
    expect((await settingsOf(t.runtime, current, 'reading')).posts_per_page).toBe(4);
    t.runtime.caches.forget('settings', current.id);
    expect((await settingsOf(t.runtime, current, 'reading')).posts_per_page).toBe(6);
  });
});
