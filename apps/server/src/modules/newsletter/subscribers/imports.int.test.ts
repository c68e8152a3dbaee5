import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { multipart, PDF } from '../../../../test/fixtures/media-files.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { bearer } from '../../../../test/identity-fixtures.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';
import { importFilePath, runImport } from './import-run.js';
import { ImportsRepo } from './repo-imports.js';

let t: TestContext;
let a: ContentSite;
let worker: ReturnType<typeof workerForRuntime>;
let weekly: number;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  worker = workerForRuntime(t.runtime, { pollMs: 20 });
  worker.start();
  weekly = (await a.call('admin', 'POST', '/api/newsletter/lists', { name: 'Weekly' })).json().data.id;
});

afterAll(async () => {
  await worker.stop();
  await t.close();
});

const upload = (
  csv: string | Buffer,
  fields: Record<string, string>,
  caller: 'admin' | 'editor' = 'admin',
) => {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'people.csv', type: 'text/csv', data: Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter/imports',
    headers: { host: a.host, ...bearer(a.users[caller].token), ...body.headers },
    payload: body.payload,
  });
};

const finished = async (id: number, timeoutMs = 10_000) => {
  let last: Record<string, unknown> = {};
  await waitFor(
    async () => {
      last = (await a.call('admin', 'GET', `/api/newsletter/imports/${id}`)).json().data;
      return last.status === 'done' || last.status === 'failed';
    },
    `import ${id}`,
    timeoutMs,
  );
  return last;
};

describe('CSV import of subscribers', () => {
  it('merges duplicates, never resubscribes someone who left, and reports bad lines by number', async () => {
    await a.call('admin', 'POST', '/api/newsletter/subscribers', { email: 'known@example.test' });
    const left = (
      await a.call('admin', 'POST', '/api/newsletter/subscribers', { email: 'left@example.test' })
    ).json().data;
    await a.call('admin', 'PATCH', `/api/newsletter/subscribers/${left.id}`, { status: 'unsubscribed' });
    const csv = [
      '\uFEFFE-mail,Full name,Lang',
      'Ada@Example.test,Ada Lovelace,fr',
      'not-an-address,Nobody,en',
      'known@example.test,Known Person,de',
      ',Empty,en',
      '"quoted@example.test","Last, First",en',
      'ada@example.test,,',
      'left@example.test,Left,en',
      '"broken@example.test,"Oops',
      'grace@example.test,Grace,',
    ].join('\n');
    const res = await upload(csv, {
      mapping: JSON.stringify({ email: 'E-mail', name: 'Full name', language: 'Lang' }),
      lists: JSON.stringify([weekly]),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      file_name: 'people.csv',
      lists: [weekly],
      rows_read: 0,
    });
    const done = await finished(res.json().data.id);
    expect(done).toMatchObject({
      status: 'done',
      created_count: 3,
      merged_count: 3,
      invalid_count: 3,
      rows_read: 9,
      read_bytes: Buffer.byteLength(csv),
      total_bytes: Buffer.byteLength(csv),
    });
    expect(done.problems).toEqual([
      { line: 3, message: 'not-an-address is not an email address.' },
      { line: 5, message: 'The email is empty.' },
      { line: 9, message: '"broken@example.test,"Oops is not an email address.' },
    ]);
    const all = (await a.call('admin', 'GET', '/api/newsletter/subscribers?limit=100')).json().data;
    const byEmail = new Map(all.map((s: { email: string }) => [s.email, s]));
    expect(byEmail.get('ada@example.test')).toMatchObject({
      name: 'Ada Lovelace',
      language: 'fr',
      source: 'import',
      status: 'subscribed',
      lists: [weekly],
    });
    expect(byEmail.get('quoted@example.test')).toMatchObject({ name: 'Last, First' });
    // Merged: the empty name and language filled in, the list added, the status kept.
    expect(byEmail.get('known@example.test')).toMatchObject({
      name: 'Known Person',
      language: 'de',
      source: 'admin',
      lists: [weekly],
    });
    expect(byEmail.get('left@example.test')).toMatchObject({ status: 'unsubscribed', lists: [] });
    // The file is not kept once read (it goes right after the import is marked done).
    const kept = join(t.config.dataDir, 'newsletter-imports');
    await waitFor(async () => (await readdir(kept)).length === 0, 'the import file to go');
  });

  it('refuses what is not a CSV import, before keeping anything', async () => {
    const mapping = JSON.stringify({ email: 'email' });
    const pdf = await upload(PDF, { mapping });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.file).toEqual(['The file must be CSV text.']);
    const unmapped = await upload('email\nx@example.test\n', { mapping: '{"name":"Name"}' });
    expect(unmapped.json().errors['mapping.email']).toEqual(['Name the column that holds the email.']);
    const noList = await upload('email\nx@example.test\n', { mapping, lists: '[424242]' });
    expect(noList.statusCode).toBe(422);
    expect(noList.json().errors['lists.0']).toEqual(['There is no list 424242.']);
    const big = await upload(Buffer.alloc(50 * 1024 * 1024 + 10, 'a'), { mapping });
    expect(big.statusCode).toBe(413);
    expect((await upload('email\n', { mapping }, 'editor')).statusCode).toBe(403);
    // The mapped columns are looked for in the header row before anything is kept.
    const missing = await upload('mail,Name\nx@example.test,X\n', {
      mapping: JSON.stringify({ email: 'email', name: 'Name', language: 'lang' }),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'mapping.email': ['The file has no column email.'],
      'mapping.language': ['The file has no column lang.'],
    });
    expect((await upload('', { mapping })).json().errors.file).toEqual(['The file is empty.']);
    expect(await readdir(join(t.config.dataDir, 'tmp', 'newsletter-imports'))).toEqual([]);
  });

  it('reads 100,000 rows as a stream, with the bad ones reported by their line', async () => {
    const rows = ['email,name'];
    for (let i = 1; i <= 100_000; i += 1)
      rows.push(i % 10_000 === 0 ? `bad-${i},Bad ${i}` : `person${i}@bulk.test,Person ${i}`);
    // Every address once more: merged, not created twice.
    rows.push('person1@bulk.test,Again');
    const res = await upload(rows.join('\n'), { mapping: JSON.stringify({ email: 'email', name: 'name' }) });
    expect(res.statusCode, res.body).toBe(202);
    // The process's peak memory while the job reads the file: the rows are never all held at once.
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const done = await finished(res.json().data.id, 120_000).finally(() => clearInterval(sampler));
    expect(peak - idle).toBeLessThan(200 * 2 ** 20);
    expect(done).toMatchObject({
      status: 'done',
      rows_read: 100_001,
      created_count: 99_990,
      merged_count: 1,
      invalid_count: 10,
    });
    expect((done.problems as Array<{ line: number }>).map((problem) => problem.line)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i + 1) * 10_000 + 1),
    );
    const bulk = await a.call('admin', 'GET', '/api/newsletter/subscribers?q=bulk.test&limit=1');
    expect(bulk.json().meta.total).toBe(99_990);
  }, 180_000);

  it('resumes after the rows its last batch recorded, counting none twice', async () => {
    const site = await t.runtime.siteStore.findById(a.siteId);
    if (!site) throw new Error('site a is gone');
    const rows = Array.from({ length: 1_200 }, (_, i) => `resume${i}@example.test`);
    const repo = new ImportsRepo(t.runtime.data.site(a.siteId));
    const id = await repo.insert({
      fileName: 'resume.csv',
      mapping: { email: 'email', name: null, language: null },
      lists: [weekly],
      status: 'subscribed',
      totalBytes: 0,
      createdBy: null,
      at: new Date().toISOString(),
    });
    const path = importFilePath(t.runtime, a.siteId, id);
    await mkdir(join(path, '..'), { recursive: true });
    // A first run that stopped after its first batch: what it wrote, as it recorded it.
    await writeFile(path, ['email', ...rows.slice(0, 500)].join('\n'));
    await runImport(t.runtime, site, id, new AbortController().signal);
    await t.runtime.data
      .site(a.siteId)
      .updateTable('newsletter_imports')
      .set({ status: 'running', finished_at: null })
      .where('id', '=', id)
      .execute();
    await writeFile(path, ['email', ...rows].join('\n'));
    await runImport(t.runtime, site, id, new AbortController().signal);
    expect(await repo.byId(id)).toMatchObject({
      status: 'done',
      rows_read: 1_200,
      created_count: 1_200,
      merged_count: 0,
    });
    const resumed = await a.call(
      'admin',
      'GET',
      `/api/newsletter/subscribers?q=resume&list=${weekly}&limit=1`,
    );
    expect(resumed.json().meta.total).toBe(1_200);
  });
});
