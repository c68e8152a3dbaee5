import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import type { Runtime } from '../runtime.js';
import { createBackup, restoreBackup } from './backup.js';
import { readSnapshot } from './snapshot-source.js';
import { tablesOf } from './tables.js';

/**
 * The installation backup (issue 43's core): everything in one archive, put back exactly, on both
 * engines and across them; a tampered archive refused with the database untouched.
 */
const folder = mkdtempSync(join(tmpdir(), 'tessera-backups-'));
let t: TestContext;
let site: ContentSite;

/** Every table's rows, sorted, JSON text parsed: what "the same installation" means here. */
async function contents(runtime: Runtime): Promise<Record<string, string[]>> {
  return readSnapshot(runtime.database, async (reader) => {
    const found: Record<string, string[]> = {};
    for (const shape of await tablesOf(reader)) {
      // The queue is compared apart: a restore adds the search index's rebuild to it.
      if (shape.name === 'jobs') continue;
      const rows = await reader.all(`select * from "${shape.name}"`);
      found[shape.name] = rows.map((row) => JSON.stringify(normalised(row))).sort();
    }
    return found;
  });
}

function normalised(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row).sort()) {
    let value = row[key];
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        value = JSON.parse(value);
      } catch {}
    }
    out[key] = value && typeof value === 'object' ? sortKeys(value) : value;
  }
  return out;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

async function seedEverything(target: TestContext, s: ContentSite) {
  const upload = await sendUpload(target.app, s, 'editor', {
    name: 'harbour.jpg',
    data: await phoneJpeg(),
    type: 'image/jpeg',
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const media = upload.json().data;
  const post = await s.call('editor', 'POST', '/api/posts', {
    title: 'Harbour at dawn',
    featured_media_id: media.id,
    excerpt: 'Boats leave at dawn.',
  });
  expect(post.statusCode, post.body).toBe(201);
  expect((await s.call('admin', 'PUT', '/api/settings/general', { title: 'Harbour news' })).statusCode).toBe(
    200,
  );
  return { media, post: post.json().data };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  site = await seedContentSite(t.app, t.runtime, 'backup.test');
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe(`an installation backup (${testEngine})`, () => {
  it('puts back every row and file after everything changed', async () => {
    const { media, post } = await seedEverything(t, site);
    // A plugin's private file (a form's upload), which no core row references.
    const upload = `${site.siteId}/plugins/forms/2026/12/cv-x1.pdf`;
    await t.runtime.storage.put(
      upload,
      { bytes: new TextEncoder().encode('%PDF-1.4 cv') },
      'application/pdf',
    );
    const before = await contents(t.runtime);
    const archive = join(folder, 'whole.tar.gz');
    const manifest = await createBackup(t.runtime, archive);
    expect(manifest.engine).toBe(testEngine);
    expect(manifest.tables.find((table) => table.name === 'entries')?.rows).toBeGreaterThan(0);
    // The item's file and its variants.
    const file = String(media.url).replace(/^\/media\//, `${site.siteId}/`);
    expect(manifest.files.map((stored) => stored.key)).toContain(file);
    expect(manifest.files.length).toBeGreaterThan(1);

    // Everything changes: the post, a new post, a setting, the media item deleted with its files.
    const { version } = (await site.call('editor', 'GET', `/api/posts/${post.id}`)).json().data;
    const changed = await site.call('editor', 'PUT', `/api/posts/${post.id}`, { title: 'Changed', version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await site.call('editor', 'POST', '/api/posts', { title: 'After the backup' })).statusCode).toBe(
      201,
    );
    expect((await site.call('admin', 'PUT', '/api/settings/general', { title: 'Other' })).statusCode).toBe(
      200,
    );
    expect((await site.call('admin', 'DELETE', `/api/media/${media.id}?force=true`)).statusCode).toBeLessThan(
      300,
    );
    await t.runtime.storage.delete([upload]);
    expect(await contents(t.runtime)).not.toEqual(before);

    await restoreBackup(t.runtime, archive);
    expect(await contents(t.runtime)).toEqual(before);
    // The files are back, and the restored installation goes on (new ids after the restored ones).
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(media.url, 'http://backup.test').pathname,
      headers: { host: site.host },
    });
    expect(served.statusCode).toBe(200);
    expect((await t.runtime.storage.get(upload))?.size).toBe(11);
    const next = await site.call('editor', 'POST', '/api/posts', { title: 'After the restore' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data.id).toBeGreaterThan(post.id);
  });

  it('refuses an archive changed after it was written, and leaves the database as it was', async () => {
    const archive = join(folder, 'tampered.tar.gz');
    await createBackup(t.runtime, archive);
    const unpacked = mkdtempSync(join(folder, 'x-'));
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const entries = join(unpacked, 'db', 'entries.jsonl');
    writeFileSync(entries, readFileSync(entries, 'utf8').replace('"', "'"));
    execFileSync('tar', ['-czf', archive, '-C', unpacked, '.']);
    const before = await contents(t.runtime);
    await expect(restoreBackup(t.runtime, archive)).rejects.toMatchObject({
      kind: 'invalid',
      fields: { archive: ['The archive was altered or damaged: entries does not match its manifest.'] },
    });
    writeFileSync(join(folder, 'not-a-backup.tar.gz'), 'hello');
    await expect(restoreBackup(t.runtime, join(folder, 'not-a-backup.tar.gz'))).rejects.toMatchObject({
      status: 422,
    });
    expect(await contents(t.runtime)).toEqual(before);
  });

  it('rolls a restore back whole when the database refuses a row late in it', async () => {
    const archive = join(folder, 'refused.tar.gz');
    await createBackup(t.runtime, archive);
    const unpacked = mkdtempSync(join(folder, 'y-'));
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    // A revision of an entry that is not there, with the checksums made to match: only the
    // database can refuse it, after every table before revisions was emptied and filled.
    const revisions = join(unpacked, 'db', 'revisions.jsonl');
    const [header = '[]', ...rows] = readFileSync(revisions, 'utf8').trim().split('\n');
    const columns = JSON.parse(header) as string[];
    const orphan = JSON.parse(rows[0] ?? '[]') as unknown[];
    orphan[columns.indexOf('id')] = 999_999;
    orphan[columns.indexOf('entry_id')] = 999_999;
    const text = `${[header, ...rows, JSON.stringify(orphan)].join('\n')}\n`;
    writeFileSync(revisions, text);
    const manifestPath = join(unpacked, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const table = manifest.tables.find((entry: { name: string }) => entry.name === 'revisions');
    table.size = Buffer.byteLength(text);
    table.sha256 = createHash('sha256').update(text).digest('hex');
    writeFileSync(manifestPath, JSON.stringify(manifest));
    execFileSync('tar', ['-czf', archive, '-C', unpacked, '.']);

    await site.call('editor', 'POST', '/api/posts', { title: 'Written after the backup' });
    const before = await contents(t.runtime);
    await expect(restoreBackup(t.runtime, archive)).rejects.toMatchObject({
      kind: 'invalid',
      fields: {
        archive: ['The database refused the backup’s rows; nothing was changed. The server log says which.'],
      },
    });
    expect(await contents(t.runtime)).toEqual(before);
  });

  it('is one point in time while posts are written throughout it', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const res = await site.call('editor', 'POST', '/api/posts', { title: `During ${written}` });
        expect(res.statusCode).toBe(201);
        written += 1;
      }
    })();
    const archive = join(folder, 'busy.tar.gz');
    const manifest = await createBackup(t.runtime, archive).finally(() => {
      writing = false;
    });
    await writer;
    expect(written).toBeGreaterThan(0);
    // Restored: every reference resolves (the foreign keys would refuse it otherwise), and each
    // table holds what the manifest counted.
    await restoreBackup(t.runtime, archive);
    const restored = await contents(t.runtime);
    for (const table of manifest.tables)
      if (table.name !== 'jobs') expect(restored[table.name]?.length, table.name).toBe(table.rows);
  });
});

// Across engines: the way out of the embedded SQLite when a site outgrows it, and back.
describe.runIf(testEngine === 'postgres')('an installation backup across engines', () => {
  it('restores a PostgreSQL backup into SQLite and that SQLite backup into PostgreSQL', async () => {
    const before = await contents(t.runtime);
    const toSqlite = join(folder, 'from-postgres.tar.gz');
    await createBackup(t.runtime, toSqlite);
    const sqliteDir = mkdtempSync(join(tmpdir(), 'tessera-sqlite-'));
    const lite = await createTestApp({ DATABASE_URL: '', DATA_DIR: sqliteDir });
    try {
      expect(lite.runtime.database.engine.name).toBe('sqlite');
      await restoreBackup(lite.runtime, toSqlite);
      expect(await contents(lite.runtime)).toEqual(before);

      const back = join(folder, 'from-sqlite.tar.gz');
      await createBackup(lite.runtime, back);
      await site.call('editor', 'POST', '/api/posts', { title: 'Only in PostgreSQL for now' });
      await restoreBackup(t.runtime, back);
      expect(await contents(t.runtime)).toEqual(before);
    } finally {
      await lite.close();
      rmSync(sqliteDir, { recursive: true, force: true });
    }
  });
});
