import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { alphaPng } from '../../../test/fixtures/media-files.js';
import { sendUpload } from '../../../test/fixtures/media-upload.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
/** Site a's own image and synced pattern, and site b's. */
const own = { media: 0, pattern: 0 };
const theirs = { media: 0, pattern: 0 };

async function imageOn(site: ContentSite): Promise<number> {
  const res = await sendUpload(t.app, site, 'editor', { name: 'dot.png', data: await alphaPng(4, 4) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function syncedPatternOn(site: ContentSite): Promise<number> {
  const res = await site.call('editor', 'POST', '/api/patterns', {
    name: 'Notice',
    synced: true,
    blocks: [{ type: 'heading', props: { text: `Only on ${site.host}` } }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_UPLOAD: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  Object.assign(own, { media: await imageOn(a), pattern: await syncedPatternOn(a) });
  Object.assign(theirs, { media: await imageOn(b), pattern: await syncedPatternOn(b) });
});
afterAll(() => t.close());

const image = (id: number) => ({ type: 'image', props: { media_id: id } });
const placed = (id: number) => ({ type: 'pattern', props: { pattern_id: id } });

/** What the library says uses site a's image: owner type and id, and where. */
async function usesOfOwnImage(): Promise<string[]> {
  const res = await a.call('editor', 'GET', `/api/media/${own.media}/usage`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .data.map((use: { owner: { type: string }; path: string }) => `${use.owner.type} ${use.path}`)
    .sort();
}

describe(`widgets, sections and patterns name only their own site's rows (${testEngine})`, () => {
  it("refuse another site's media and synced patterns in a widget, naming the field", async () => {
    const media = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: image(theirs.media),
    });
    expect(media.statusCode).toBe(422);
    expect(media.json().errors).toEqual({
      'block.props.media_id': [`Media ${theirs.media} does not exist on this site.`],
    });
    const pattern = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: placed(theirs.pattern),
    });
    expect(pattern.statusCode).toBe(422);
    expect(pattern.json().errors).toEqual({
      'block.props.pattern_id': [`There is no synced pattern ${theirs.pattern} on this site.`],
    });

    const created = await a.call('admin', 'POST', '/api/widgets', {
      zone: 'footer',
      block: image(own.media),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const moved = await a.call('admin', 'PUT', `/api/widgets/${id}`, { block: image(theirs.media) });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['block.props.media_id']);
    expect(await usesOfOwnImage()).toEqual(['widget block.props.media_id']);
    const ownPattern = await a.call('admin', 'PUT', `/api/widgets/${id}`, { block: placed(own.pattern) });
    expect(ownPattern.statusCode, ownPattern.body).toBe(200);
    expect(await usesOfOwnImage()).toEqual([]);
  });

  it("refuse another site's media and synced patterns in the header, naming the field", async () => {
    const media = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 0,
      blocks: [image(own.media), image(theirs.media)],
    });
    expect(media.statusCode).toBe(422);
    expect(media.json().errors).toEqual({
      'blocks[1].props.media_id': [`Media ${theirs.media} does not exist on this site.`],
    });
    const pattern = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 0,
      blocks: [placed(theirs.pattern)],
    });
    expect(pattern.statusCode).toBe(422);
    expect(pattern.json().errors).toEqual({
      'blocks[0].props.pattern_id': [`There is no synced pattern ${theirs.pattern} on this site.`],
    });
    const saved = await a.call('admin', 'PUT', '/api/sections/header', {
      version: 0,
      blocks: [image(own.media), placed(own.pattern)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await usesOfOwnImage()).toEqual(['section blocks[0].props.media_id']);
    expect((await a.call('admin', 'POST', '/api/sections/header/publish', { version: 1 })).statusCode).toBe(
      200,
    );
    expect(await usesOfOwnImage()).toEqual([
      'section blocks[0].props.media_id',
      'section published[0].props.media_id',
    ]);
  });

  it("refuse another site's media in a pattern, naming the field", async () => {
    const refused = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Gallery',
      blocks: [image(theirs.media)],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'blocks[0].props.media_id': [`Media ${theirs.media} does not exist on this site.`],
    });
    const created = await a.call('editor', 'POST', '/api/patterns', {
      name: 'Gallery',
      blocks: [image(own.media)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(await usesOfOwnImage()).toContain('pattern blocks[0].props.media_id');
    const changed = await a.call('editor', 'PUT', `/api/patterns/${id}`, { blocks: [image(theirs.media)] });
    expect(changed.statusCode).toBe(422);
    expect(Object.keys(changed.json().errors)).toEqual(['blocks[0].props.media_id']);
    expect((await a.call('editor', 'DELETE', `/api/patterns/${id}`)).statusCode).toBe(204);
    expect(await usesOfOwnImage()).not.toContain('pattern blocks[0].props.media_id');
  });

  it('let a record keep a synced pattern deleted since, which shows nothing', async () => {
    const doomed = await syncedPatternOn(a);
    const created = await a.call('admin', 'POST', '/api/widgets', { zone: 'footer', block: placed(doomed) });
    expect(created.statusCode, created.body).toBe(201);
    expect((await a.call('editor', 'DELETE', `/api/patterns/${doomed}`)).statusCode).toBe(204);
    const kept = await a.call('admin', 'PUT', `/api/widgets/${created.json().data.id}`, {
      block: placed(doomed),
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe(`entries name only their own site's synced patterns (${testEngine})`, () => {
  it("refuse another site's synced pattern in a page's blocks, naming the field", async () => {
    const refused = await a.call('editor', 'POST', '/api/pages', {
      title: 'Borrowed notice',
      blocks: [placed(theirs.pattern)],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'blocks[0].props.pattern_id': [`There is no synced pattern ${theirs.pattern} on this site.`],
    });
    const created = await a.call('editor', 'POST', '/api/pages', {
      title: 'Own notice',
      blocks: [placed(own.pattern)],
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
