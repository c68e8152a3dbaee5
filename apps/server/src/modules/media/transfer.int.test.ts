import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { MALICIOUS_SVG, PDF, phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let c: ContentSite;
const dir = mkdtempSync(join(tmpdir(), 'tessera-media-export-'));

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  c = await seedContentSite(t.app, t.runtime, 'c.test');
});

afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const res = await sendUpload(t.app, a, 'editor', { name, data }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('tessera export and import with media', () => {
  it('carries folders, files, details and credit, and maps the content to the new items', async () => {
    const folder = (await a.call('editor', 'POST', '/api/media/folders', { name: 'Press' })).json().data;
    const sub = (
      await a.call('editor', 'POST', '/api/media/folders', { name: 'Logos', parent_id: folder.id })
    ).json().data;
    const photo = await upload('Harbour.jpg', await phoneJpeg(320, 240), {
      alt_text: 'The harbour',
      folder_id: String(folder.id),
    });
    await a.call('editor', 'PUT', `/api/media/${photo.id}`, {
      focal_point: { x: 0.25, y: 0.75 },
      credit: {
        photographer: 'Ada',
        profile_url: null,
        source_url: null,
        provider: 'pexels',
        license: 'Pexels License',
      },
    });
    const logo = await upload('logo.svg', Buffer.from(MALICIOUS_SVG), { folder_id: String(sub.id) });
    const pdf = await upload('Price list.pdf', PDF);
    const post = await a.call('editor', 'POST', '/api/content/post', {
      title: 'Harbour news',
      featured_media_id: photo.id,
      fields: {
        content: `<p>At noon:</p><figure class="tb-image tb-align-left" data-size="medium"><img data-media-id="${photo.id}" src="${photo.url}" alt="Noon" /></figure>`,
      },
    });
    expect(post.statusCode, post.body).toBe(201);

    const restore = pointCliAt(t.database.env);
    try {
      const out = join(dir, 'a.json');
      const exported = await cli('export', '--out', out, '--site', 'a.test');
      expect(exported.err).toBe('');
      expect(exported.out).toContain(`, and 3 media files to ${join(dir, 'a-media')}.`);
      const file = JSON.parse(readFileSync(out, 'utf8'));
      expect(file.media.folders).toEqual([
        { ref: sub.id, name: 'Logos', parent: folder.id },
        { ref: folder.id, name: 'Press', parent: null },
      ]);
      expect(file.media.items.map((item: { ref: number }) => item.ref).sort()).toEqual(
        [photo.id, logo.id, pdf.id].sort(),
      );
      // The photo as it was sent (its original is kept), not its WebP.
      const files = readdirSync(join(dir, 'a-media'));
      expect(files).toHaveLength(3);
      expect(files).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^${photo.id}-harbour-[a-z0-9]{6}\\.jpg$`)),
          expect.stringMatching(new RegExp(`^${logo.id}-logo-[a-z0-9]{6}\\.svg$`)),
          expect.stringMatching(new RegExp(`^${pdf.id}-price-list-[a-z0-9]{6}\\.pdf$`)),
        ]),
      );

      const imported = await cli('import', out, '--site', 'c.test');
      expect(imported.err).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.out).toContain(', and 3 media files into c.test.');
    } finally {
      restore();
    }

    const library = (await c.call('editor', 'GET', '/api/media?limit=10')).json().data;
    expect(library).toHaveLength(3);
    const harbour = library.find((item: { original_name: string }) => item.original_name === 'Harbour.jpg');
    expect(harbour).toMatchObject({
      alt_text: 'The harbour',
      width: 240,
      height: 320,
      focal_point: { x: 0.25, y: 0.75 },
      credit: { photographer: 'Ada', provider: 'pexels' },
    });
    expect(Object.keys(harbour.variants).sort()).toEqual(['full', 'large', 'medium', 'thumbnail']);
    expect(
      (await t.app.inject({ url: harbour.variants.thumbnail.url, headers: { host: c.host } })).statusCode,
    ).toBe(200);
    const tree = (await c.call('editor', 'GET', '/api/media/folders')).json().data;
    expect(tree).toMatchObject([
      { name: 'Press', media_count: 1, children: [{ name: 'Logos', media_count: 1 }] },
    ]);
    expect(harbour.folder_id).toBe(tree[0].id);

    const posts = (await c.call('editor', 'GET', '/api/content/post')).json().data;
    expect(posts[0]).toMatchObject({ title: 'Harbour news', featured_media_id: harbour.id });
    const usage = (await c.call('editor', 'GET', `/api/media/${harbour.id}/usage`)).json().data;
    expect(usage).toEqual([
      {
        owner: { type: 'entry', id: posts[0].id, label: 'Harbour news', kind: 'post', status: 'draft' },
        path: 'featured_media_id',
        place: { kind: 'featured' },
      },
      {
        owner: { type: 'entry', id: posts[0].id, label: 'Harbour news', kind: 'post', status: 'draft' },
        path: 'fields.content',
        place: { kind: 'field', label: 'Content' },
      },
    ]);
    // The image in the text names the new item.
    expect(posts[0].fields.content).toContain(
      `<figure class="tb-image tb-align-left" data-size="medium"><img data-media-id="${harbour.id}"`,
    );
  });
});
