import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  await t.close();
});

interface Media {
  id: number;
  url: string;
  width: number;
  height: number;
  variants: Record<string, { url: string; width: number; height: number }>;
}

async function upload(name: string, data: Buffer): Promise<Media> {
  const res = await sendUpload(t.app, a, 'editor', { name, data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Media;
}

const originalKeyOf = async (id: number) =>
  (
    await t.runtime.data
      .site(a.siteId)
      .selectFrom('media')
      .select('original_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).original_key;

async function storedBytes(key: string): Promise<Buffer | null> {
  const stored = await t.runtime.storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const settings = async (values: Record<string, unknown>) =>
  expect((await a.call('admin', 'PUT', '/api/settings/media', values)).statusCode).toBe(200);

describe('originals of uploaded images', () => {
  it('are kept privately by default, the source of new variants, and deleted with the item', async () => {
    const sent = await phoneJpeg(1200, 900);
    const photo = await upload('Quay at noon.jpg', sent);
    const key = await originalKeyOf(photo.id);
    expect(key).toMatch(new RegExp(`^${a.siteId}/originals/\\d{4}/\\d{2}/quay-at-noon-[a-z0-9]{6}\\.jpg$`));
    // The bytes as sent, metadata and all: kept, never served.
    expect((await storedBytes(key ?? ''))?.equals(sent)).toBe(true);
    const path = (key ?? '').slice(key?.indexOf('/originals/') ?? 0);
    for (const url of [`/media${path}`, `/media${path.slice('/originals'.length)}`])
      expect((await t.app.inject({ url, headers: { host: a.host } })).statusCode).toBe(404);
    const read = await a.call('editor', 'GET', `/api/media/${photo.id}`);
    expect(read.body).not.toContain('originals');

    // Shrunk by optimizing, then made again for a new focal point: from the original, full size.
    await settings({ max_image_dimension: 400 });
    const optimized = await a.call('editor', 'POST', `/api/media/${photo.id}/optimize`);
    expect(optimized.statusCode, optimized.body).toBe(200);
    expect(optimized.json().data.media.variants.full).toMatchObject({ width: 300, height: 400 });
    await settings({ max_image_dimension: 0 });
    const refocused = await a.call('editor', 'PUT', `/api/media/${photo.id}`, {
      focal_point: { x: 0.2, y: 0.3 },
    });
    expect(refocused.statusCode, refocused.body).toBe(200);
    expect(refocused.json().data.variants.full).toMatchObject({ width: 900, height: 1200 });
    expect(await originalKeyOf(photo.id)).toBe(key);

    expect((await a.call('editor', 'DELETE', `/api/media/${photo.id}`)).statusCode).toBe(204);
    expect(await storedBytes(key ?? '')).toBeNull();
  });

  it('are not kept when the setting is off', async () => {
    await settings({ keep_originals: false });
    try {
      const photo = await upload('pier.jpg', await phoneJpeg(300, 200));
      expect(await originalKeyOf(photo.id)).toBeNull();
    } finally {
      await settings({ keep_originals: true });
    }
  });
});
