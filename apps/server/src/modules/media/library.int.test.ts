import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { PDF, phoneJpeg } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

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

interface Media {
  id: number;
  url: string;
  variants: Record<
    'thumbnail' | 'medium' | 'large' | 'full',
    { url: string; width: number; height: number; size: number }
  >;
  [key: string]: unknown;
}

async function upload(
  site: ContentSite,
  caller: Caller,
  name: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const res = await sendUpload(t.app, site, caller, { name, data }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Media;
}

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((item) => item.id);

describe('folders', () => {
  it('builds a tree, keeps names unique among siblings, refuses cycles', async () => {
    const photos = (await a.call('author', 'POST', '/api/media/folders', { name: 'Photos' })).json().data;
    const trips = (
      await a.call('author', 'POST', '/api/media/folders', { name: 'Trips', parent_id: photos.id })
    ).json().data;
    const rome = (
      await a.call('author', 'POST', '/api/media/folders', { name: 'Rome', parent_id: trips.id })
    ).json().data;
    const again = await a.call('author', 'POST', '/api/media/folders', { name: 'photos' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: ['A folder of this name is already there.'] });
    // The same name under another parent is fine.
    expect(
      (await a.call('author', 'POST', '/api/media/folders', { name: 'Rome', parent_id: photos.id }))
        .statusCode,
    ).toBe(201);

    const tree = (await a.call('contributor', 'GET', '/api/media/folders')).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({
      name: 'Photos',
      children: [{ name: 'Rome' }, { name: 'Trips', children: [{ name: 'Rome' }] }],
    });

    const cycle = await a.call('editor', 'PUT', `/api/media/folders/${photos.id}`, { parent_id: rome.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id[0]).toMatch(/itself or one of its subfolders/);
    const renamed = await a.call('editor', 'PUT', `/api/media/folders/${trips.id}`, {
      name: 'Travel',
      parent_id: null,
    });
    expect(renamed.json().data).toMatchObject({ name: 'Travel', parent_id: null });
    expect((await a.call('contributor', 'POST', '/api/media/folders', { name: 'Nope' })).statusCode).toBe(
      403,
    );
    expect(
      (await b.call('admin', 'PUT', `/api/media/folders/${photos.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
  });

  it('deletes an empty folder; a full one gives 409 unless its content moves to the parent', async () => {
    const parent = (await a.call('editor', 'POST', '/api/media/folders', { name: 'Parent' })).json().data;
    const child = (
      await a.call('editor', 'POST', '/api/media/folders', { name: 'Child', parent_id: parent.id })
    ).json().data;
    const inner = (
      await a.call('editor', 'POST', '/api/media/folders', { name: 'Inner', parent_id: child.id })
    ).json().data;
    const item = await upload(a, 'editor', 'in-child.jpg', await phoneJpeg(40, 30), {
      folder_id: String(child.id),
    });
    expect(item.folder_id).toBe(child.id);

    const refused = await a.call('editor', 'DELETE', `/api/media/folders/${child.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('folder_not_empty');
    const moved = await a.call('editor', 'DELETE', `/api/media/folders/${child.id}?move_to_parent=true`);
    expect(moved.statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `/api/media/${item.id}`)).json().data.folder_id).toBe(parent.id);
    const tree = (await a.call('editor', 'GET', '/api/media/folders')).json().data;
    const parentNode = tree.find((node: { id: number }) => node.id === parent.id);
    expect(parentNode).toMatchObject({ media_count: 1, children: [{ id: inner.id, parent_id: parent.id }] });
    expect((await a.call('editor', 'DELETE', `/api/media/folders/${inner.id}`)).statusCode).toBe(204);
  });
});

describe('folders and their owners', () => {
  it("an Author renames and deletes their own folders, not other users' or their media", async () => {
    const editors = (await a.call('editor', 'POST', '/api/media/folders', { name: 'Editorial' })).json().data;
    const authors = (await a.call('author', 'POST', '/api/media/folders', { name: 'My drafts' })).json().data;
    const rename = await a.call('author', 'PUT', `/api/media/folders/${editors.id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('permission_denied');
    const removal = await a.call('author', 'DELETE', `/api/media/folders/${editors.id}?move_to_parent=true`);
    expect(removal.statusCode).toBe(403);

    // Their own folder, holding an editor's upload: deleting it would move that upload.
    const placed = await upload(a, 'editor', 'placed.jpg', await phoneJpeg(30, 20), {
      folder_id: String(authors.id),
    });
    const moving = await a.call('author', 'DELETE', `/api/media/folders/${authors.id}?move_to_parent=true`);
    expect(moving.statusCode).toBe(403);
    expect((await a.call('editor', 'GET', `/api/media/${placed.id}`)).json().data.folder_id).toBe(authors.id);
    expect(
      (await a.call('author', 'PUT', `/api/media/folders/${authors.id}`, { name: 'Renamed drafts' }))
        .statusCode,
    ).toBe(200);

    const tree = (await a.call('editor', 'GET', '/api/media/folders')).json().data;
    expect(tree.map((node: { name: string }) => node.name)).toEqual(
      expect.arrayContaining(['Editorial', 'Renamed drafts']),
    );
    // Those holding the _others permissions may.
    expect(
      (await a.call('editor', 'DELETE', `/api/media/folders/${authors.id}?move_to_parent=true`)).statusCode,
    ).toBe(204);
    expect((await a.call('editor', 'DELETE', `/api/media/folders/${editors.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/media', () => {
  it('pages, searches and filters by kind, MIME, folder (with subfolders), uploader, dates and orphans', async () => {
    const top = (await b.call('editor', 'POST', '/api/media/folders', { name: 'Top' })).json().data;
    const sub = (
      await b.call('editor', 'POST', '/api/media/folders', { name: 'Sub', parent_id: top.id })
    ).json().data;
    const sunset = await upload(b, 'author', 'sunset-over-sea.jpg', await phoneJpeg(60, 40), {
      folder_id: String(top.id),
    });
    const cat = await upload(b, 'editor', 'IMG_0001.jpg', await phoneJpeg(50, 40), {
      alt_text: 'A ginger cat asleep',
      folder_id: String(sub.id),
    });
    const report = await upload(b, 'editor', 'annual report.pdf', PDF);

    const all = await b.call('contributor', 'GET', '/api/media?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(ids(all)).toEqual([report.id, cat.id]);

    expect(ids(await b.call('editor', 'GET', '/api/media?search=ginger%20cat'))).toEqual([cat.id]);
    expect(ids(await b.call('editor', 'GET', '/api/media?search=SUNSET'))).toEqual([sunset.id]);
    expect(ids(await b.call('editor', 'GET', '/api/media?search=100%25'))).toEqual([]);
    expect(ids(await b.call('editor', 'GET', '/api/media?type=document'))).toEqual([report.id]);
    expect(ids(await b.call('editor', 'GET', '/api/media?mime=image/webp'))).toEqual([cat.id, sunset.id]);
    expect(ids(await b.call('editor', 'GET', `/api/media?folder_id=${top.id}`))).toEqual([sunset.id]);
    expect(
      ids(await b.call('editor', 'GET', `/api/media?folder_id=${top.id}&include_subfolders=true`)),
    ).toEqual([cat.id, sunset.id]);
    expect(ids(await b.call('editor', 'GET', '/api/media?folder_id=none'))).toEqual([report.id]);
    expect(ids(await b.call('editor', 'GET', `/api/media?uploaded_by=${b.users.author.id}`))).toEqual([
      sunset.id,
    ]);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect(ids(await b.call('editor', 'GET', `/api/media?from=${future}`))).toEqual([]);
    expect(ids(await b.call('editor', 'GET', `/api/media?to=${future}`))).toHaveLength(3);
    expect(ids(await b.call('editor', 'GET', '/api/media?orphaned=true'))).toHaveLength(3);

    const bad = await b.call('editor', 'GET', '/api/media?type=spreadsheet&limit=1000');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['limit', 'type']);
    expect((await b.call('editor', 'GET', '/api/media?folder_id=999999')).statusCode).toBe(422);
    expect((await b.call('anonymous', 'GET', '/api/media')).statusCode).toBe(401);
    // Another site's library is not there.
    expect(ids(await a.call('admin', 'GET', '/api/media?search=ginger'))).toEqual([]);
    expect((await a.call('admin', 'GET', `/api/media/${cat.id}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/media/{id}', () => {
  it('edits details and credit; a new focal point redoes the variants under new names', async () => {
    const item = await upload(a, 'author', 'wide.jpg', await phoneJpeg(400, 300));
    const folder = (await a.call('author', 'POST', '/api/media/folders', { name: 'Wide' })).json().data;
    const res = await a.call('author', 'PUT', `/api/media/${item.id}`, {
      title: 'Wide shot',
      alt_text: 'A wide shot of the bay',
      caption: 'Taken at dawn',
      credit: {
        photographer: 'Ada',
        profile_url: 'https://example.test/ada',
        source_url: null,
        provider: null,
        license: 'CC BY 4.0',
      },
      folder_id: folder.id,
      focal_point: { x: 0.5, y: 0.1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().data;
    expect(next).toMatchObject({
      title: 'Wide shot',
      alt_text: 'A wide shot of the bay',
      caption: 'Taken at dawn',
      credit: { photographer: 'Ada', license: 'CC BY 4.0' },
      folder_id: folder.id,
      focal_point: { x: 0.5, y: 0.1 },
      width: 300,
      height: 400,
    });
    // A null sent for a nullable text stays null (type coercion made "" of it before Nullable put null first).
    expect(next.credit).toMatchObject({ source_url: null, provider: null });
    expect(next.variants.thumbnail.url).not.toBe(item.variants.thumbnail.url);
    const host = { host: a.host };
    expect((await t.app.inject({ url: item.variants.thumbnail.url, headers: host })).statusCode).toBe(404);
    const thumb = await t.app.inject({ url: next.variants.thumbnail.url, headers: host });
    expect(thumb.statusCode).toBe(200);

    expect((await a.call('author', 'PUT', `/api/media/${item.id}`, {})).statusCode).toBe(422);
    const badFocal = await a.call('author', 'PUT', `/api/media/${item.id}`, { focal_point: { x: 2, y: 0 } });
    expect(Object.keys(badFocal.json().errors)).toEqual(['focal_point.x']);
    const pdf = await upload(a, 'author', 'doc.pdf', PDF);
    const focalOnPdf = await a.call('author', 'PUT', `/api/media/${pdf.id}`, {
      focal_point: { x: 0.2, y: 0.2 },
    });
    expect(focalOnPdf.json().errors).toEqual({ focal_point: ['Only images have a focal point.'] });
  });

  it('crops the thumbnail around the focal point', async () => {
    // Red above, blue below, 300 × 900: a square crop shows one colour or the other.
    const raw = Buffer.alloc(300 * 900 * 3);
    for (let i = 0; i < 300 * 900; i++) raw[i * 3 + (i < 300 * 450 ? 0 : 2)] = 255;
    const png = await sharp(raw, { raw: { width: 300, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    const item = await upload(a, 'editor', 'stripes.png', png);
    const colourOf = async (url: string) => {
      const file = await t.app.inject({ url, headers: { host: a.host } });
      const [red, , blue] = (await sharp(file.rawPayload).stats()).channels;
      return (red?.mean ?? 0) > (blue?.mean ?? 0) ? 'red' : 'blue';
    };
    const low = (
      await a.call('editor', 'PUT', `/api/media/${item.id}`, { focal_point: { x: 0.5, y: 0.9 } })
    ).json().data;
    expect(await colourOf(low.variants.thumbnail.url)).toBe('blue');
    const high = (
      await a.call('editor', 'PUT', `/api/media/${item.id}`, { focal_point: { x: 0.5, y: 0.1 } })
    ).json().data;
    expect(await colourOf(high.variants.thumbnail.url)).toBe('red');
  });

  it("lets an Author edit their own uploads only; an Editor edits anyone's", async () => {
    const editors = await upload(a, 'editor', 'editors.jpg', await phoneJpeg(40, 30));
    expect((await a.call('author', 'PUT', `/api/media/${editors.id}`, { alt_text: 'x' })).statusCode).toBe(
      403,
    );
    expect((await a.call('author', 'DELETE', `/api/media/${editors.id}`)).statusCode).toBe(403);
    expect(
      (await a.call('contributor', 'PUT', `/api/media/${editors.id}`, { alt_text: 'x' })).statusCode,
    ).toBe(403);
    const authors = await upload(a, 'author', 'authors.jpg', await phoneJpeg(40, 30));
    expect(
      (await a.call('editor', 'PUT', `/api/media/${authors.id}`, { alt_text: 'Fixed' })).statusCode,
    ).toBe(200);
  });
});

describe('usage and deletion', () => {
  it('tracks featured images, image and file fields (in repeaters too) and checks them', async () => {
    const type = await a.call('admin', 'POST', '/api/content-types', {
      slug: 'project',
      singular_label: 'Project',
      plural_label: 'Projects',
      route_pattern: '/projects/{slug}',
      fields: [
        { key: 'cover', label: 'Cover', type: 'image' },
        { key: 'brochure', label: 'Brochure', type: 'file', mime_groups: ['document'] },
        {
          key: 'slides',
          label: 'Slides',
          type: 'repeater',
          fields: [{ key: 'picture', label: 'Picture', type: 'image' }],
        },
      ],
    });
    expect(type.statusCode, type.body).toBe(201);
    const photo = await upload(a, 'editor', 'cover.jpg', await phoneJpeg(80, 60));
    const slide = await upload(a, 'editor', 'slide.jpg', await phoneJpeg(70, 60));
    const brochure = await upload(a, 'editor', 'brochure.pdf', PDF);

    const wrongKind = await a.call('admin', 'POST', '/api/content/project', {
      title: 'Bridge',
      fields: { cover: brochure.id, brochure: photo.id },
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors).toEqual({
      'fields.cover': [`Media ${brochure.id} is a document; this takes image files.`],
      'fields.brochure': [`Media ${photo.id} is an image; this takes document files.`],
    });
    const missing = await a.call('admin', 'POST', '/api/content/project', {
      title: 'Bridge',
      featured_media_id: 999999,
    });
    expect(missing.json().errors).toEqual({
      featured_media_id: ['Media 999999 does not exist on this site.'],
    });
    const foreign = await upload(b, 'editor', 'b-only.jpg', await phoneJpeg(40, 30));
    const crossSite = await a.call('admin', 'POST', '/api/content/project', {
      title: 'Bridge',
      featured_media_id: foreign.id,
    });
    expect(crossSite.statusCode).toBe(422);

    const created = await a.call('admin', 'POST', '/api/content/project', {
      title: 'Bridge',
      featured_media_id: photo.id,
      fields: {
        cover: photo.id,
        brochure: brochure.id,
        slides: [{ picture: slide.id }, { picture: photo.id }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().data;

    const usage = await a.call('contributor', 'GET', `/api/media/${photo.id}/usage`);
    expect(usage.statusCode).toBe(200);
    expect(usage.json().data).toEqual([
      {
        owner: { type: 'entry', id: entry.id, label: 'Bridge', kind: 'project', status: 'draft' },
        path: 'featured_media_id',
        place: { kind: 'featured' },
      },
      {
        owner: { type: 'entry', id: entry.id, label: 'Bridge', kind: 'project', status: 'draft' },
        path: 'fields.cover',
        place: { kind: 'field', label: 'Cover' },
      },
      {
        owner: { type: 'entry', id: entry.id, label: 'Bridge', kind: 'project', status: 'draft' },
        path: 'fields.slides[1].picture',
        place: { kind: 'field', label: 'Slides' },
      },
    ]);
    const orphans = ids(await a.call('editor', 'GET', '/api/media?orphaned=true&limit=100'));
    expect(orphans).not.toContain(photo.id);
    expect(orphans).not.toContain(slide.id);
    expect(ids(await a.call('editor', 'GET', '/api/media?orphaned=false&limit=100')).sort()).toEqual(
      [photo.id, slide.id, brochure.id].sort(),
    );

    // In use: 409 naming where, nothing deleted.
    const refused = await a.call('editor', 'DELETE', `/api/media/${photo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('media_in_use');
    expect(refused.json().errors.usage).toEqual([
      `project ${entry.id} "Bridge", at featured_media_id`,
      `project ${entry.id} "Bridge", at fields.cover`,
      `project ${entry.id} "Bridge", at fields.slides[1].picture`,
    ]);
    expect((await t.app.inject({ url: photo.url, headers: { host: a.host } })).statusCode).toBe(200);

    // A save recomputes the uses.
    const saved = await a.call('admin', 'PUT', `/api/content/project/${entry.id}`, {
      version: entry.version,
      featured_media_id: null,
      fields: { cover: null, slides: [{ picture: slide.id }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await a.call('editor', 'GET', `/api/media/${photo.id}/usage`)).json().data).toEqual([]);
    expect((await a.call('editor', 'GET', `/api/media/${slide.id}/usage`)).json().data).toHaveLength(1);

    // Forced: the record and every file go, and the entry that still points at it can be saved.
    const forced = await a.call('editor', 'DELETE', `/api/media/${slide.id}?force=true`);
    expect(forced.statusCode).toBe(204);
    expect((await a.call('editor', 'GET', `/api/media/${slide.id}`)).statusCode).toBe(404);
    for (const variant of Object.values(slide.variants))
      expect((await t.app.inject({ url: variant.url, headers: { host: a.host } })).statusCode).toBe(404);
    const current = (await a.call('admin', 'GET', `/api/content/project/${entry.id}`)).json().data;
    const again = await a.call('admin', 'PUT', `/api/content/project/${entry.id}`, {
      version: current.version,
      title: 'Bridge (dangling slide kept)',
    });
    expect(again.statusCode, again.body).toBe(200);

    // Deleting the entry for good ends its uses.
    expect(
      (await a.call('admin', 'DELETE', `/api/content/project/${entry.id}?permanent=true`)).statusCode,
    ).toBe(204);
    expect((await a.call('editor', 'GET', `/api/media/${brochure.id}/usage`)).json().data).toEqual([]);
    expect((await a.call('editor', 'DELETE', `/api/media/${photo.id}`)).statusCode).toBe(204);
  });
});

describe('POST /api/media/{id}/optimize', () => {
  it('re-encodes at the configured quality and size and reports the bytes saved', async () => {
    const item = await upload(a, 'editor', 'big.jpg', await phoneJpeg(1200, 900));
    await a.call('admin', 'PUT', '/api/settings/media', { webp_quality: 40, max_image_dimension: 600 });
    const res = await a.call('editor', 'POST', `/api/media/${item.id}/optimize`);
    expect(res.statusCode, res.body).toBe(200);
    const { media, bytes_before, bytes_after, bytes_saved } = res.json().data;
    expect(bytes_saved).toBe(bytes_before - bytes_after);
    expect(bytes_saved).toBeGreaterThan(0);
    expect(media).toMatchObject({ width: 450, height: 600 });
    expect(media.variants.full).toMatchObject({ width: 450, height: 600 });
    expect(media.url).not.toBe(item.url);
    expect((await t.app.inject({ url: item.url, headers: { host: a.host } })).statusCode).toBe(404);
    const reset = await a.call('admin', 'PUT', '/api/settings/media', {
      webp_quality: 82,
      max_image_dimension: 0,
    });
    expect(reset.statusCode).toBe(200);

    const pdf = await upload(a, 'editor', 'x.pdf', PDF);
    expect((await a.call('editor', 'POST', `/api/media/${pdf.id}/optimize`)).statusCode).toBe(422);
    expect((await a.call('contributor', 'POST', `/api/media/${item.id}/optimize`)).statusCode).toBe(403);
  });
});
