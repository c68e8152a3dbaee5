import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import {
  alphaPng,
  animatedGif,
  bombPng,
  hasGps,
  MALICIOUS_SVG,
  multipart,
  PDF,
  phoneJpeg,
  polyglotJpeg,
} from '../../../test/fixtures/media-files.js';
import {
  sendUpload,
  storedFiles as storedFilesIn,
  uploadsLeft as uploadsLeftIn,
} from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer } from '../../../test/identity-fixtures.js';
import { DEFAULT_ALLOWED_TYPES } from './settings.js';

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

function upload(
  site: ContentSite,
  caller: Caller,
  file: { name: string; data: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return sendUpload(t.app, site, caller, file ? { type: 'image/jpeg', ...file } : null, fields);
}

/** A stored file as a visitor's browser fetches it, on the site's host. */
function fetchFile(site: ContentSite, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: site.host, ...headers } });
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

const uploadsLeft = () => uploadsLeftIn(t.config.dataDir);
const storedFiles = (siteId: number) => storedFilesIn(t.config.dataDir, siteId);

describe('POST /api/media/upload: images', () => {
  it('turns a phone JPEG into upright WebP variants without EXIF or GPS', async () => {
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(hasGps(original.exif)).toBe(true);

    const res = await upload(
      a,
      'author',
      { name: 'Holiday Beach.JPG', data: jpeg },
      { alt_text: 'The beach' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({
      original_name: 'Holiday Beach.JPG',
      title: 'Holiday Beach',
      alt_text: 'The beach',
      mime_type: 'image/webp',
      type_group: 'image',
      width: 300,
      height: 400,
      folder_id: null,
      uploaded_by: a.users.author.id,
      duplicate_of: null,
      focal_point: { x: 0.5, y: 0.5 },
    });
    expect(media.file_name).toMatch(/^holiday-beach-[0-9a-z]{6}\.webp$/);
    expect(media.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(media.variants.thumbnail).toMatchObject({ width: 150, height: 150, mime_type: 'image/webp' });
    // Never enlarged: the medium and large boxes are bigger than the photo.
    expect(media.variants.medium).toMatchObject({ width: 300, height: 400 });
    expect(media.variants.large).toMatchObject({ width: 300, height: 400 });
    expect(media.variants.full).toMatchObject({ width: 300, height: 400 });

    for (const name of ['thumbnail', 'medium', 'large', 'full']) {
      const file = await fetchFile(a, media.variants[name].url);
      expect(file.statusCode).toBe(200);
      const bytes = file.rawPayload;
      expect(isWebp(bytes)).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(bytes.includes('TesseraCam')).toBe(false);
      expect(bytes.includes('EXIF')).toBe(false);
    }
    expect(await uploadsLeft()).toEqual([]);
  });

  it('keeps transparency and animation', async () => {
    const png = (
      await upload(a, 'editor', { name: 'logo.png', data: await alphaPng(), type: 'image/png' })
    ).json().data;
    const full = await fetchFile(a, png.url);
    expect((await sharp(full.rawPayload).metadata()).hasAlpha).toBe(true);

    const gif = await upload(a, 'editor', {
      name: 'spinner.gif',
      data: await animatedGif(),
      type: 'image/gif',
    });
    expect(gif.statusCode, gif.body).toBe(201);
    const animated = await fetchFile(a, gif.json().data.url);
    const meta = await sharp(animated.rawPayload, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    const thumb = await fetchFile(a, gif.json().data.variants.thumbnail.url);
    expect((await sharp(thumb.rawPayload, { animated: true }).metadata()).pages).toBe(3);
  });

  it('refuses a decompression bomb by its pixel count, before decoding it', async () => {
    const res = await upload(a, 'editor', { name: 'tiny.png', data: bombPng(), type: 'image/png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/30000 × 30000 pixels/);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('takes files larger than a megabyte whole, and answers 422 for a cut-off image', async () => {
    const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(a, 'editor', { name: 'big.png', data: big, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ width: 1200, height: 1200 });
    const jpeg = await phoneJpeg(400, 300);
    const cut = await upload(a, 'editor', {
      name: 'cut.jpg',
      data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    });
    expect(cut.statusCode).toBe(422);
    expect(cut.json().errors.file[0]).toMatch(/could not be decoded/);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('gives every upload its own name and flags repeated bytes', async () => {
    const jpeg = await phoneJpeg(120, 90);
    const first = (await upload(a, 'editor', { name: 'same.jpg', data: jpeg })).json().data;
    const second = (await upload(a, 'editor', { name: 'same.jpg', data: jpeg })).json().data;
    expect(second.file_name).not.toBe(first.file_name);
    expect(second.duplicate_of).toBe(first.id);
    expect(second.hash).toBe(first.hash);
    // With deduplication on, the earlier item is the answer and nothing new is stored.
    await a.call('admin', 'PUT', '/api/settings/media', { deduplicate: true });
    const files = (await storedFiles(a.siteId)).length;
    const third = (await upload(a, 'editor', { name: 'again.jpg', data: jpeg })).json().data;
    expect(third.id).toBe(first.id);
    expect((await storedFiles(a.siteId)).length).toBe(files);
    await a.call('admin', 'PUT', '/api/settings/media', { deduplicate: false });
  });
});

describe('POST /api/media/upload: what is refused', () => {
  it('decides the type from the bytes and checks it against the whitelist', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]);
    const refused = await upload(a, 'editor', { name: 'archive.zip', data: zip, type: 'image/png' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toContain('application/zip');
    const text = await upload(a, 'editor', {
      name: 'notes.jpg',
      data: Buffer.from('just text, not a picture'),
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file[0]).toMatch(/cannot be told/);
  });

  it('refuses a file whose name contradicts its bytes', async () => {
    const jpeg = await phoneJpeg(40, 30);
    const png = await upload(a, 'editor', { name: 'photo.png', data: jpeg });
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.file[0]).toContain('image/jpeg');
    const html = await upload(a, 'editor', { name: 'page.html', data: await alphaPng(), type: 'text/html' });
    expect(html.statusCode).toBe(422);
  });

  it('stores only the re-encoded pixels of a polyglot', async () => {
    const res = await upload(a, 'editor', { name: 'innocent.jpg', data: await polyglotJpeg() });
    expect(res.statusCode, res.body).toBe(201);
    for (const variant of Object.values(res.json().data.variants) as { url: string }[]) {
      const bytes = (await fetchFile(a, variant.url)).rawPayload;
      expect(bytes.includes('polyglot')).toBe(false);
      expect(bytes.includes('<script>')).toBe(false);
    }
  });

  it('sanitizes SVG and serves it with a policy that forbids scripts', async () => {
    const res = await upload(a, 'editor', {
      name: 'icon.svg',
      data: Buffer.from(MALICIOUS_SVG),
      type: 'image/svg+xml',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ mime_type: 'image/svg+xml', variants: {} });
    const file = await fetchFile(a, res.json().data.url);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-security-policy']).toContain('sandbox');
    const body = file.body;
    for (const bad of [
      '<script',
      'onload',
      'onclick',
      'evil.test',
      'javascript:',
      'foreignObject',
      'ENTITY',
      '/etc/passwd',
    ])
      expect(body).not.toContain(bad);
    expect(body).toContain('<rect');
    expect(body).toContain('hello');
  });

  it('stops an upload over its kind size limit while it streams, keeping nothing (413)', async () => {
    await a.call('admin', 'PUT', '/api/settings/media', { max_image_bytes: 20_000 });
    const before = await storedFiles(a.siteId);
    const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(20_000);
    const res = await upload(a, 'editor', { name: 'huge.png', data: big, type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large' });
    expect(res.json().message).toContain('images');
    expect(await uploadsLeft()).toEqual([]);
    expect(await storedFiles(a.siteId)).toEqual(before);
    // Documents have their own limit.
    expect(
      (await upload(a, 'editor', { name: 'doc.pdf', data: PDF, type: 'application/pdf' })).statusCode,
    ).toBe(201);
    await a.call('admin', 'PUT', '/api/settings/media', { max_image_bytes: 20 * 1024 * 1024 });
  });

  it('checks the form: one file, known fields, an existing folder', async () => {
    const jpeg = await phoneJpeg(40, 30);
    expect((await upload(a, 'editor', null, { alt_text: 'x' })).json().errors).toEqual({
      file: ['A file is required.'],
    });
    const unknown = await upload(a, 'editor', { name: 'a.jpg', data: jpeg }, { colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['colour']);
    const folder = await upload(a, 'editor', { name: 'a.jpg', data: jpeg }, { folder_id: '999999' });
    expect(folder.json().errors).toEqual({ folder_id: ['Folder 999999 does not exist.'] });
    const long = await upload(a, 'editor', { name: 'a.jpg', data: jpeg }, { alt_text: 'x'.repeat(1001) });
    expect(Object.keys(long.json().errors)).toEqual(['alt_text']);
    const json = await a.call('editor', 'POST', '/api/media/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('answers a broken multipart body 400 every time, never 500, keeping nothing', async () => {
    // The parser says "unexpected end" on a later tick than the last part: the same body used to get
    // a 422 or a 500 depending on which came first.
    const answers = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload',
        headers: {
          host: a.host,
          ...bearer(a.users.editor.token),
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload:
          i % 2 ? '<a/>' : '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      });
      answers.add(res.statusCode);
      if (res.statusCode === 400)
        expect(res.json().message).toBe('The multipart body is malformed or cut short.');
    }
    expect([...answers]).toEqual([400]);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('leaves neither files nor a record when the record cannot be written', async () => {
    const before = await storedFiles(a.siteId);
    const total = (await a.call('editor', 'GET', '/api/media')).json().meta.total;
    // A listener of the transaction refuses the change after the files were stored.
    const remove = t.runtime.hooks.addAction(
      'site.event',
      (_ctx, event) => {
        if (event.name === 'media.created') throw new Error('the database went away');
      },
      { owner: 'test' },
    );
    try {
      const res = await upload(a, 'editor', { name: 'doomed.jpg', data: await phoneJpeg(60, 40) });
      expect(res.statusCode).toBe(409);
    } finally {
      remove();
    }
    expect(await storedFiles(a.siteId)).toEqual(before);
    expect((await a.call('editor', 'GET', '/api/media')).json().meta.total).toBe(total);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('needs media.upload: 401 without credentials, 403 for a Contributor', async () => {
    const jpeg = await phoneJpeg(40, 30);
    expect((await upload(a, 'anonymous', { name: 'a.jpg', data: jpeg })).statusCode).toBe(401);
    expect((await upload(a, 'contributor', { name: 'a.jpg', data: jpeg })).statusCode).toBe(403);
  });

  it('keeps multipart bodies off every other route (415)', async () => {
    const { payload, headers } = multipart([{ name: 'url', value: 'https://example.test' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload,
      headers: { ...headers, host: a.host, ...bearer(a.users.admin.token) },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('serving files', () => {
  it('sends long-lived cache headers, ETags, nosniff, ranges; documents as attachments', async () => {
    const pdf = (
      await upload(a, 'editor', { name: 'Report 2026.pdf', data: PDF, type: 'application/pdf' })
    ).json().data;
    expect(pdf).toMatchObject({ type_group: 'document', mime_type: 'application/pdf', variants: {} });
    expect(pdf.file_name).toMatch(/^report-2026-[0-9a-z]{6}\.pdf$/);
    const file = await fetchFile(a, pdf.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const notModified = await fetchFile(a, pdf.url, { 'if-none-match': String(file.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    const part = await fetchFile(a, pdf.url, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PDF.length}`);
    expect((await fetchFile(a, pdf.url, { range: 'bytes=99999-' })).statusCode).toBe(416);

    const zipDoc = await a.call('admin', 'PUT', '/api/settings/media', {
      allowed_types: [
        'application/zip',
        'image/jpeg',
        'image/png',
        'image/gif',
        'application/pdf',
        'image/svg+xml',
      ],
    });
    expect(zipDoc.statusCode).toBe(200);
    const zip = Buffer.concat([Buffer.from('PK\u0005\u0006'), Buffer.alloc(18)]);
    const archive = await upload(a, 'editor', { name: 'bundle.zip', data: zip, type: 'application/zip' });
    expect(archive.statusCode, archive.body).toBe(201);
    const download = await fetchFile(a, archive.json().data.url);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="bundle-[0-9a-z]{6}\.zip"$/,
    );
    const reset = await a.call('admin', 'PUT', '/api/settings/media', {
      allowed_types: DEFAULT_ALLOWED_TYPES,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('serves a site only its own files', async () => {
    const mine = (await upload(a, 'editor', { name: 'a-only.jpg', data: await phoneJpeg(40, 30) })).json()
      .data;
    expect((await fetchFile(a, mine.url)).statusCode).toBe(200);
    expect((await fetchFile(b, mine.url)).statusCode).toBe(404);
    for (const path of ['/media/../secret.key', '/media/2026/11/..%2f..%2fsecret.key', '/media/x'])
      expect((await fetchFile(a, path)).statusCode).toBe(404);
  });
});
