import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

/** backup:create and backup:restore, run in-process against this file's database. */
let t: TestContext;
let site: ContentSite;
let restoreEnv: () => void;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  site = await seedContentSite(t.app, t.runtime, 'backup-cli.test');
  restoreEnv = pointCliAt(t.database.env);
});

afterAll(async () => {
  restoreEnv();
  await t.close();
});

describe('tessera backup:create and backup:restore', () => {
  it('writes the installation to a file and puts it back only when confirmed', async () => {
    const post = (await site.call('editor', 'POST', '/api/posts', { title: 'Kept' })).json().data;
    const file = join(t.database.dataDir, 'cli-backup.tar.gz');
    const created = await cli('backup:create', file);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Backed up \d+ rows of \d+ tables and 0 files \(0\.0 MiB\) in \d+ ms to /);
    expect(existsSync(file)).toBe(true);

    const { version } = (await site.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    await site.call('editor', 'PUT', `/api/posts/${post.id}`, { title: 'Changed', version });
    const unconfirmed = await cli('backup:restore', file);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.err).toContain('run it again with --yes');

    const restored = await cli('backup:restore', file, '--yes');
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^Restored \d+ rows of \d+ tables and 0 files from the backup of /);
    // This process's caches learn of the restore from the epoch the command moved.
    await t.runtime.caches.clearAll();
    expect((await site.call('editor', 'GET', `/api/posts/${post.id}`)).json().data.title).toBe('Kept');

    const missing = await cli('backup:restore', join(t.database.dataDir, 'nothing.tar.gz'), '--yes');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('not a backup archive');
  });
});
