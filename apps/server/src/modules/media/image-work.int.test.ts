import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { animationBomb, multipart, phoneJpeg } from '../../../test/fixtures/media-files.js';
import {
  sendUpload,
  storedFiles as storedFilesIn,
  uploadsLeft as uploadsLeftIn,
} from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer } from '../../../test/identity-fixtures.js';
import { MAX_ANIMATION_FRAMES } from './files/images.js';
import { mediaOf } from './module.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
});

afterAll(async () => {
  await t.close();
});

const gif = (site: ContentSite, data: Buffer) =>
  sendUpload(t.app, site, 'editor', { name: 'moving.gif', data, type: 'image/gif' });

const uploadsLeft = () => uploadsLeftIn(t.config.dataDir);
const storedFiles = (siteId: number) => storedFilesIn(t.config.dataDir, siteId);

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('animated images: the pixel limit counts every frame', () => {
  it('refuses the 12 KB GIF of 20 frames of 5000 × 5000 at once, before decoding a frame', async () => {
    const bomb = animationBomb(5000, 5000, 20);
    expect(bomb.length).toBeLessThan(1000);
    // Refused from the header's frame count and size (the message names both), never decoded; no
    // timing asserted: the first image of a process also starts the image worker.
    const res = await gif(a, bomb);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('image_refused');
    expect(res.json().errors.file[0]).toBe(
      'The animation is 20 frames of 5000 × 5000 pixels, 500 megapixels in all; this site accepts up to 60 megapixels over all frames.',
    );
    expect(await uploadsLeft()).toEqual([]);
    expect(await storedFiles(a.siteId)).toEqual([]);
  });

  it("holds animations to the site's megapixels over all frames, and takes one within them", async () => {
    await a.call('admin', 'PUT', '/api/settings/media', { max_image_megapixels: 10 });
    try {
      // One frame is a megapixel, well within the limit; twenty of them are not.
      const refused = await gif(a, animationBomb(1000, 1000, 20));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors.file[0]).toMatch(/20 megapixels in all; .* up to 10 megapixels/);
      const taken = await gif(a, animationBomb(1000, 1000, 9));
      expect(taken.statusCode, taken.body).toBe(201);
      expect(taken.json().data).toMatchObject({ mime_type: 'image/webp', width: 1000, height: 1000 });
    } finally {
      await a.call('admin', 'PUT', '/api/settings/media', { max_image_megapixels: 60 });
    }
  });

  it(`refuses an animation of more than ${MAX_ANIMATION_FRAMES} frames, however small`, async () => {
    const res = await gif(a, animationBomb(1, 1, MAX_ANIMATION_FRAMES + 1));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file[0]).toBe(
      `The animation has ${MAX_ANIMATION_FRAMES + 1} frames; images of more than ${MAX_ANIMATION_FRAMES} frames are not accepted.`,
    );
  });
});

describe('an upload whose client has left', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('is dropped while it waits for an image slot: it never runs and nothing is stored', async () => {
    const { pool } = mediaOf(t.runtime).media;
    // Every slot busy with another site's work, so the upload has to wait.
    const releases: Array<() => void> = [];
    const busy = Array.from({ length: pool.size }, () =>
      pool.run(() => new Promise<void>((resolve) => releases.push(resolve)), { group: 'elsewhere' }),
    );
    const { payload, headers } = multipart([
      { name: 'file', filename: 'left.jpg', type: 'image/jpeg', data: await phoneJpeg(400, 300) },
    ]);
    const sent = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media/upload',
      headers: { ...headers, host: b.host, ...bearer(b.users.editor.token) },
    });
    sent.on('error', () => {});
    sent.end(payload);
    await until(() => pool.queued === 1, 'the upload to queue');
    sent.destroy();
    // Dropped from the queue while every slot is still held.
    await until(() => pool.queued === 0, 'the upload to leave the queue');
    for (const release of releases) release();
    await Promise.all(busy);
    await until(async () => (await uploadsLeft()).length === 0, 'the temporary file to go');
    const listed = await b.call('editor', 'GET', '/api/media');
    expect(listed.json().meta.total).toBe(0);
    expect(await storedFiles(b.siteId)).toEqual([]);
    // The pool goes on serving.
    const next = await sendUpload(t.app, b, 'editor', { name: 'next.jpg', data: await phoneJpeg(40, 30) });
    expect(next.statusCode, next.body).toBe(201);
  });
});
