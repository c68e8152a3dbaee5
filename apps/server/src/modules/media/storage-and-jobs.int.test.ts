import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { runJobHandler } from '../../../test/fixtures/jobs.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { type LocalS3, startS3 } from '../../../test/fixtures/s3.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { ORPHANS_JOB } from './orphans.js';

function upload(t: TestContext, site: ContentSite, name: string, data: Buffer) {
  return sendUpload(t.app, site, 'editor', { name, data });
}

describe('on S3-compatible storage', () => {
  let s3: LocalS3;
  let t: TestContext;
  let site: ContentSite;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: 'tessera',
    });
    site = await seedContentSite(t.app, t.runtime, 's3.test');
  });

  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores uploads in the bucket, serves them, and deletes them with the record', async () => {
    const res = await upload(t, site, 'bucket.jpg', await phoneJpeg(80, 60));
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(await readdir(join(t.config.dataDir, 'media')).catch(() => [])).toEqual([]);
    const file = await t.app.inject({ url: media.variants.medium.url, headers: { host: site.host } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const direct = `${s3.endpoint}/${s3.bucket}/tessera/${site.siteId}/${media.url.slice('/media/'.length)}`;
    expect((await fetch(direct)).status).not.toBe(404);

    expect((await site.call('editor', 'DELETE', `/api/media/${media.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: media.url, headers: { host: site.host } })).statusCode).toBe(404);
  });
});

describe('with MEDIA_URL (a CDN in front of the files)', () => {
  it('answers URLs on the CDN', async () => {
    const t = await createTestApp({ MEDIA_URL: 'https://cdn.example.test/files' });
    const site = await seedContentSite(t.app, t.runtime, 'cdn.test');
    const media = (await upload(t, site, 'cdn.jpg', await phoneJpeg(40, 30))).json().data;
    expect(media.url).toMatch(
      new RegExp(`^https://cdn\\.example\\.test/files/${site.siteId}/\\d{4}/\\d{2}/cdn-[0-9a-z]{6}\\.webp$`),
    );
    expect(media.variants.thumbnail.url).toMatch(/^https:\/\/cdn\.example\.test\/files\/.+-thumbnail\.webp$/);
    // The site's pages let images come from there.
    const page = await site.call('editor', 'POST', '/api/pages', {
      title: 'Gallery',
      featured_media_id: media.id,
    });
    await site.call('editor', 'POST', `/api/pages/${page.json().data.id}/publish`, {});
    const html = await t.app.inject({ url: '/gallery', headers: { host: site.host } });
    expect(html.statusCode).toBe(200);
    const policy = String(html.headers['content-security-policy']);
    expect(policy).toMatch(/img-src 'self' data: https:\/\/cdn\.example\.test(;|$)/);
    expect(policy).toContain("media-src 'self' https://cdn.example.test");
    await t.close();
  });
});

describe('limits and jobs', () => {
  let t: TestContext;
  let site: ContentSite;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOAD: '2', RATE_LIMIT_GENERAL: '100000' });
    site = await seedContentSite(t.app, t.runtime, 'jobs.test');
  });

  afterAll(async () => {
    await t.close();
  });

  it('counts uploads in the upload group (spec 8)', async () => {
    const jpeg = await phoneJpeg(40, 30);
    expect((await upload(t, site, 'one.jpg', jpeg)).statusCode).toBe(201);
    expect((await upload(t, site, 'two.jpg', jpeg)).statusCode).toBe(201);
    const third = await upload(t, site, 'three.jpg', jpeg);
    expect(third.statusCode).toBe(429);
    expect(third.headers['x-ratelimit-limit']).toBe('2');
    expect(third.headers['retry-after']).toBeDefined();
    // Other routes keep the general budget.
    expect((await site.call('editor', 'GET', '/api/media')).statusCode).toBe(200);
  });

  it('the orphan job reports, or deletes, media used nowhere for long enough; and drops abandoned uploads', async () => {
    const before = (await site.call('editor', 'GET', '/api/media')).json().meta.total;
    expect(before).toBe(2);
    // Off by default: nothing happens.
    await runJobHandler(t.runtime, ORPHANS_JOB);
    expect((await site.call('editor', 'GET', '/api/media')).json().meta.total).toBe(2);

    // Too young to count.
    await site.call('admin', 'PUT', '/api/settings/media', {
      orphans: { action: 'delete', min_age_days: 1 },
    });
    await runJobHandler(t.runtime, ORPHANS_JOB);
    expect((await site.call('editor', 'GET', '/api/media')).json().meta.total).toBe(2);

    // Made old; one of them in use by a post.
    const [first, second] = (await site.call('editor', 'GET', '/api/media')).json().data;
    const post = await site.call('editor', 'POST', '/api/content/post', {
      title: 'Keeps one',
      featured_media_id: first.id,
    });
    expect(post.statusCode, post.body).toBe(201);
    await t.runtime.data
      .site(site.siteId)
      .updateTable('media')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .execute();

    const abandoned = join(t.config.dataDir, 'tmp', 'uploads', 'crashed.upload');
    await mkdir(join(t.config.dataDir, 'tmp', 'uploads'), { recursive: true });
    await writeFile(abandoned, 'half');
    const old = new Date(Date.now() - 2 * 86_400_000);
    await utimes(abandoned, old, old);

    await runJobHandler(t.runtime, ORPHANS_JOB);
    const left = (await site.call('editor', 'GET', '/api/media'))
      .json()
      .data.map((m: { id: number }) => m.id);
    expect(left).toEqual([first.id]);
    expect((await site.call('editor', 'GET', `/api/media/${second.id}`)).statusCode).toBe(404);
    expect(await readdir(join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });
});
