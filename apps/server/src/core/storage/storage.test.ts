import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startS3 } from '../../../test/fixtures/s3.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

let dir: string;
let s3: LocalS3;
const drivers = {} as Record<'local' | 's3', () => FileStorage>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-storage-'));
  s3 = await startS3();
  drivers.local = () => new LocalStorage(join(dir, 'media'), null);
  drivers.s3 = () =>
    new S3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: 'install-1',
      publicUrl: 'https://cdn.example.test/files/',
    });
});

afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (name) => {
  it('stores bytes and files, reads them back with size and an ETag, and deletes them', async () => {
    const storage = drivers[name]();
    const source = join(dir, `${name}-source.bin`);
    await writeFile(source, 'from a file');
    await storage.put('1/2026/11/a-x1.txt', { bytes: new TextEncoder().encode('hello') }, 'text/plain');
    await storage.put('1/2026/11/b-x2.txt', { path: source }, 'text/plain');

    const a = await storage.get('1/2026/11/a-x1.txt');
    expect(a?.size).toBe(5);
    expect(a?.etag).toMatch(/^".+"$/);
    expect(a && (await text(a.body))).toBe('hello');
    const b = await storage.get('1/2026/11/b-x2.txt');
    expect(b && (await text(b.body))).toBe('from a file');

    // Listed by folder: every key under it, none of a folder beside it.
    await storage.put(
      '1/plugins/forms/2026/11/c-x3.txt',
      { bytes: new TextEncoder().encode('c') },
      'text/plain',
    );
    const listed: string[] = [];
    for await (const key of storage.list('1/2026')) listed.push(key);
    expect(listed.sort()).toEqual(['1/2026/11/a-x1.txt', '1/2026/11/b-x2.txt']);
    const plugins: string[] = [];
    for await (const key of storage.list('1/plugins')) plugins.push(key);
    expect(plugins).toEqual(['1/plugins/forms/2026/11/c-x3.txt']);
    for await (const key of storage.list('2/plugins')) expect.unreachable(key);

    await storage.delete(['1/2026/11/a-x1.txt', '1/2026/11/never-there.txt']);
    expect(await storage.get('1/2026/11/a-x1.txt')).toBeNull();
    expect(await storage.get('1/2026/11/b-x2.txt')).not.toBeNull();
    await storage.close();
  });

  it('refuses keys that could leave the store', async () => {
    const storage = drivers[name]();
    for (const key of ['../secret', '/etc/passwd', '1/../../x', 'a//b', '1/.hidden', 'A/B'])
      await expect(storage.put(key, { bytes: new Uint8Array(1) }, 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
    await storage.close();
  });
});

it('the S3 driver keeps keys under its prefix and answers public URLs from MEDIA_URL', async () => {
  const storage = drivers.s3();
  await storage.put('7/x.txt', { bytes: new TextEncoder().encode('p') }, 'text/plain');
  expect(storage.publicUrl('7/x.txt')).toBe('https://cdn.example.test/files/7/x.txt');
  const raw = await fetch(`${s3.endpoint}/${s3.bucket}/install-1/7/x.txt`);
  // s3rver serves without signature checks on GET when anonymous access is not configured: 403 or 200.
  expect([200, 403]).toContain(raw.status);
  await storage.close();
  const local = drivers.local();
  expect(local.publicUrl('7/x.txt')).toBeNull();
  expect(await readFile(join(dir, 'media', '1', '2026', '11', 'b-x2.txt'), 'utf8')).toBe('from a file');
});

describe.each(['local', 's3'] as const)('%s storage ranges', (name) => {
  it('reads a byte range and still tells the whole size', async () => {
    const storage = drivers[name]();
    await storage.put('3/range.txt', { bytes: new TextEncoder().encode('0123456789') }, 'text/plain');
    const part = await storage.get('3/range.txt', { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(part && (await text(part.body))).toBe('2345');
    await storage.close();
  });
});
