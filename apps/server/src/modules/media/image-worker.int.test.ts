import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload, storedFiles, uploadsLeft } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { WORKER_STOPPED } from './files/image-worker.js';
import { mediaOf } from './module.js';

let t: TestContext;
let site: ContentSite;
let closed = false;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  site = await seedContentSite(t.app, t.runtime, 'a.test');
});

afterAll(async () => {
  if (!closed) await t.close();
});

const upload = async (name: string, width: number, height: number) =>
  sendUpload(t.app, site, 'editor', { name, data: await phoneJpeg(width, height), type: 'image/jpeg' });

describe('the image worker process behind uploads', () => {
  it('is not the server process, and works every upload', async () => {
    const res = await upload('first.jpg', 400, 300);
    expect(res.statusCode, res.body).toBe(201);
    const { pid } = mediaOf(t.runtime).media.images;
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
  });

  it('killed under an upload: the upload is refused (422), nothing is kept, and the next one works', async () => {
    const { images } = mediaOf(t.runtime).media;
    const pending = upload('killed.jpg', 3000, 2000);
    const pid = await vi.waitFor(
      () => {
        if (images.working === 0 || images.pid === undefined) throw new Error('the image is not sent yet');
        return images.pid;
      },
      { interval: 2, timeout: 10_000 },
    );
    process.kill(pid, 'SIGKILL');
    const res = await pending;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('image_refused');
    expect(res.json().errors.file[0]).toBe(WORKER_STOPPED);
    expect(await uploadsLeft(t.config.dataDir)).toEqual([]);
    const listed = await site.call('editor', 'GET', '/api/media');
    expect(listed.json().meta.total).toBe(1);

    const next = await upload('next.jpg', 400, 300);
    expect(next.statusCode, next.body).toBe(201);
    expect(images.pid).not.toBe(pid);
    const stored = await storedFiles(t.config.dataDir, site.siteId);
    expect(stored.filter((name) => name.includes('next'))).not.toEqual([]);
    expect(stored.filter((name) => name.includes('killed'))).toEqual([]);
  });

  it('ends with the server', async () => {
    const { images } = mediaOf(t.runtime).media;
    expect((await upload('last.jpg', 40, 30)).statusCode).toBe(201);
    const pid = images.pid as number;
    // Signal 0 only asks whether the process exists.
    expect(() => process.kill(pid, 0)).not.toThrow();
    closed = true;
    await t.close();
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
