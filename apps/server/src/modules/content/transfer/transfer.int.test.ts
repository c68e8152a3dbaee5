import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { bearer, seedOutsider, seedToken } from '../../../../test/identity-fixtures.js';
import { systemActorOn } from '../../../core/access/actor.js';
import { readJson } from '../../../core/db/engine.js';
import { AppError } from '../../../core/errors.js';
import { type OperationContext, operationContext } from '../../../core/operation/operation-context.js';
import { contentOf } from '../content.js';
import { PUBLISH_JOB } from '../workflow/service.js';
import { exportContent } from './export.js';
import type { ExportFile } from './format.js';
import { importContent } from './import.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
const dir = mkdtempSync(join(tmpdir(), 'tessera-transfer-'));
const SCHEDULED_AT = '2099-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', JOBS_IN_PROCESS: 'false' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  for (const site of [a, b]) await enableFrench(site.siteId);
  await buildContent(a);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function enableFrench(siteId: number) {
  const res = await a.call('super_admin', 'PUT', `/api/sites/${siteId}`, { locales: ['en', 'fr'] });
  expect(res.statusCode, res.body).toBe(200);
}

async function ok(
  res: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return (answer.statusCode === 204 ? {} : answer.json().data) as Record<string, never>;
}

/** Every kind of content the export carries. */
async function buildContent(site: ContentSite) {
  await ok(
    site.call('editor', 'POST', '/api/taxonomies', {
      slug: 'genre',
      singular_label: 'Genre',
      plural_label: 'Genres',
      hierarchical: true,
    }),
  );
  await ok(
    site.call('admin', 'POST', '/api/content-types', {
      slug: 'book',
      singular_label: 'Book',
      plural_label: 'Books',
      taxonomies: ['tag', 'genre'],
      fields: [
        { key: 'isbn', label: 'ISBN', type: 'text', required: true },
        { key: 'sequel', label: 'Sequel', type: 'relation', target_type: 'book' },
        { key: 'cites', label: 'Cites', type: 'relation', target_type: 'page', cardinality: 'many' },
        {
          key: 'chapters',
          label: 'Chapters',
          type: 'repeater',
          fields: [
            { key: 'title', label: 'Title', type: 'text' },
            { key: 'see', label: 'See', type: 'relation', target_type: 'book' },
          ],
        },
      ],
    }),
  );
  // Nested categories, a tag, and terms of the custom taxonomy with a description and a position.
  const news = await ok(site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'News' }));
  const local = await ok(
    site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'Local', parent_id: news.id }),
  );
  const street = await ok(
    site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'Street', parent_id: local.id }),
  );
  const tag = await ok(site.call('editor', 'POST', '/api/taxonomies/tag/terms', { name: 'Classic' }));
  const novel = await ok(
    site.call('editor', 'POST', '/api/taxonomies/genre/terms', {
      name: 'Novel',
      description: 'Long fiction',
      position: 2,
    }),
  );
  // A page tree, one page published, one moved after its publication (its live copy keeps the old parent).
  const about = await ok(site.call('editor', 'POST', '/api/pages', { title: 'About' }));
  const team = await ok(site.call('editor', 'POST', '/api/pages', { title: 'Team', parent_id: about.id }));
  await ok(site.call('editor', 'POST', '/api/pages', { title: 'People', parent_id: team.id }));
  await ok(site.call('editor', 'POST', `/api/pages/${about.id}/publish`));
  const moved = await ok(site.call('editor', 'POST', '/api/pages', { title: 'Moved', parent_id: about.id }));
  await ok(site.call('editor', 'POST', `/api/pages/${moved.id}/publish`));
  await ok(site.call('editor', 'PUT', `/api/pages/${moved.id}`, { version: 1, parent_id: null }));
  // Posts in every state: published then edited (with a translation), scheduled, draft, trashed.
  const published = await ok(
    site.call('editor', 'POST', '/api/posts', {
      title: 'Published',
      excerpt: 'First words',
      terms: { category: [local.id, street.id], tag: [tag.id] },
    }),
  );
  await ok(site.call('editor', 'POST', `/api/posts/${published.id}/publish`));
  await ok(
    site.call('editor', 'PUT', `/api/posts/${published.id}`, {
      version: 1,
      title: 'Published, edited since',
    }),
  );
  await ok(
    site.call('editor', 'POST', `/api/posts/${published.id}/translations`, { locale: 'fr', title: 'Publie' }),
  );
  const scheduled = await ok(site.call('author', 'POST', '/api/posts', { title: 'Later' }));
  await ok(site.call('author', 'POST', `/api/posts/${scheduled.id}/schedule`, { publish_at: SCHEDULED_AT }));
  // Given to another author after it was written: its first revision names the first author.
  const draft = await ok(site.call('editor', 'POST', '/api/posts', { title: 'Draft' }));
  await ok(
    site.call('editor', 'PUT', `/api/posts/${draft.id}`, { version: 1, author_id: site.users.admin.id }),
  );
  const trashed = await ok(site.call('editor', 'POST', '/api/posts', { title: 'Gone' }));
  await ok(site.call('editor', 'DELETE', `/api/posts/${trashed.id}`));
  // Custom entries with relations, in a repeater too.
  const second = await ok(
    site.call('admin', 'POST', '/api/content/book', { title: 'Second', fields: { isbn: '2' } }),
  );
  const first = await ok(
    site.call('admin', 'POST', '/api/content/book', {
      title: 'First',
      fields: {
        isbn: '1',
        sequel: second.id,
        cites: [team.id, about.id],
        chapters: [{ title: 'One', see: second.id }, { title: 'Two' }],
      },
      terms: { tag: [tag.id], genre: [novel.id] },
    }),
  );
  await ok(site.call('admin', 'POST', `/api/content/book/${first.id}/publish`));
  await ok(
    site.call('admin', 'POST', `/api/content/book/${first.id}/translations`, {
      locale: 'fr',
      title: 'Premier',
    }),
  );
}

// 4 pages, 5 posts (one translation), 3 books (one translation).
const ENTRIES = 12;

async function systemContext(siteId: number): Promise<OperationContext> {
  const site = await t.runtime.siteStore.findById(siteId);
  if (!site) throw new Error('no site');
  return operationContext(t.runtime, systemActorOn(site, t.runtime.permissions));
}

async function exportOf(siteId: number, revisions: boolean): Promise<ExportFile> {
  return exportContent(t.runtime, await systemContext(siteId), contentOf(t.runtime).types, { revisions });
}

/** An export with refs replaced by their order, and what may differ between sites left out. */
function normalized(input: ExportFile) {
  // Ids are renumbered by the import (parents first): compare in an order of the content's own.
  const key = (entry: ExportFile['entries'][number]) => `${entry.type}|${entry.locale}|${entry.title}`;
  const termKey = (term: ExportFile['terms'][number]) => `${term.taxonomy}|${term.slug}`;
  const file = {
    ...input,
    entries: [...input.entries].sort((x, y) => key(x).localeCompare(key(y))),
    terms: [...input.terms].sort((x, y) => termKey(x).localeCompare(termKey(y))),
  };
  expect(new Set(file.entries.map(key)).size).toBe(file.entries.length);
  const entryRef = new Map(file.entries.map((entry, i) => [entry.ref, `e${i}`]));
  const termRef = new Map(file.terms.map((term, i) => [term.ref, `t${i}`]));
  const entryKeys = new Set(['parent', 'parent_id', 'sequel', 'see', 'cites']);
  const toEntry = (item: unknown) =>
    typeof item === 'number' ? (entryRef.get(item) ?? `missing ${item}`) : item;
  const refs = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, item) =>
      entryKeys.has(key)
        ? Array.isArray(item)
          ? item.map(toEntry)
          : toEntry(item)
        : key === 'terms' && item && typeof item === 'object'
          ? Object.fromEntries(
              Object.entries(item as Record<string, number[]>).map(([taxonomy, ids]) => [
                taxonomy,
                ids.map((id) => termRef.get(id) ?? `missing ${id}`).sort(),
              ]),
            )
          : item,
    );
  return {
    site: { default_locale: file.site.default_locale, locales: file.site.locales },
    content_types: file.content_types,
    taxonomies: file.taxonomies,
    terms: file.terms.map(({ ref, parent, ...term }) => ({
      ...term,
      ref: termRef.get(ref),
      parent: parent === null ? null : termRef.get(parent),
    })),
    entries: file.entries.map(({ ref, translation_group, ...entry }) => ({
      ...(refs(entry) as object),
      ref: entryRef.get(ref),
      group: file.entries.findIndex((other) => other.translation_group === translation_group),
    })),
  };
}

/** What a refused import must leave as it was. */
async function snapshot(siteId: number) {
  const db = t.runtime.data.site(siteId);
  const count = async (table: 'entries' | 'terms' | 'taxonomies' | 'revisions' | 'entry_relations') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const types = await db.selectFrom('content_types').select(['slug', 'fields']).orderBy('id').execute();
  const jobs = await t.runtime.data.global
    .selectFrom('jobs')
    .select('id')
    .where('site_id', '=', siteId)
    .execute();
  return {
    entries: await count('entries'),
    terms: await count('terms'),
    taxonomies: await count('taxonomies'),
    revisions: await count('revisions'),
    relations: await count('entry_relations'),
    types: JSON.stringify(types),
    jobs: jobs.length,
  };
}

async function refusedImport(siteId: number, input: unknown, code: string, status: number) {
  // A site's built-in types and taxonomies are made on its first use: before the import, not by it.
  await contentOf(t.runtime).types.ofSite((await systemContext(siteId)).site);
  const before = await snapshot(siteId);
  const error = await importContent(t.runtime, await systemContext(siteId), contentOf(t.runtime), input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).status).toBe(status);
  expect(await snapshot(siteId)).toEqual(before);
  return error as AppError;
}

describe(`export and import (${testEngine})`, () => {
  it('exports every entry with refs, and revisions on request', async () => {
    const file = await exportOf(a.siteId, true);
    expect(file).toMatchObject({ format: 'tessera-content', version: 1, site: { name: 'Site a.test' } });
    expect(file.entries).toHaveLength(ENTRIES);
    const byTitle = new Map(file.entries.map((entry) => [entry.title, entry]));
    const first = byTitle.get('First');
    const second = byTitle.get('Second');
    expect(first?.fields.sequel).toBe(second?.ref);
    expect(byTitle.get('Team')?.parent).toBe(byTitle.get('About')?.ref);
    expect(byTitle.get('Publie')?.translation_group).toBe(
      byTitle.get('Published, edited since')?.translation_group,
    );
    expect(byTitle.get('Later')).toMatchObject({ status: 'scheduled', publish_at: SCHEDULED_AT });
    expect(byTitle.get('Gone')?.deleted_at).not.toBeNull();
    expect(byTitle.get('Draft')).toMatchObject({ author: 'admin@a.test', status: 'draft', live: null });
    expect(byTitle.get('Draft')?.revisions?.map((revision) => revision.author)).toEqual([
      'editor@a.test',
      'editor@a.test',
    ]);
    const live = byTitle.get('Published, edited since');
    expect(live?.live).toMatchObject({ title: 'Published' });
    expect(live?.revisions?.map((revision) => [revision.version, revision.live])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect((await exportOf(a.siteId, false)).entries.every((entry) => entry.revisions === undefined)).toBe(
      true,
    );
  });

  it('reproduces a site exactly in an empty one', async () => {
    // The authors are users of the installation: members of the target site too.
    for (const email of ['editor@a.test', 'admin@a.test', 'author@a.test'])
      await ok(a.call('super_admin', 'POST', `/api/sites/${b.siteId}/members`, { email, role: 'editor' }));
    const file = await exportOf(a.siteId, true);
    const report = await importContent(t.runtime, await systemContext(b.siteId), contentOf(t.runtime), file);
    expect(report).toEqual({
      entries: ENTRIES,
      content_types: 1,
      taxonomies: 1,
      // Uncategorized exists on every site: it is matched by slug, not made again.
      terms: file.terms.length,
      revisions: file.entries.reduce((sum, entry) => sum + (entry.revisions?.length ?? 0), 0),
    });
    const copy = await exportOf(b.siteId, true);
    expect(copy.site.name).toBe('Site b.test');
    expect(normalized(copy)).toEqual(normalized(file));
    expect(normalized(await exportOf(b.siteId, false))).toEqual(normalized(await exportOf(a.siteId, false)));

    // What the API answers agrees: relations, paths, terms, workflow state, the live version.
    const books = (await b.call('admin', 'GET', '/api/content/book?locale=en&sort=title&order=asc')).json()
      .data;
    expect(books.map((book: { title: string }) => book.title)).toEqual(['First', 'Second']);
    expect(books[0].fields.sequel).toBe(books[1].id);
    expect(books[0].fields.chapters[0].see).toBe(books[1].id);
    const referrers = (await b.call('admin', 'GET', `/api/content/book/${books[1].id}/referenced-by`)).json();
    expect(
      referrers.data
        .filter((ref: { id: number }) => ref.id === books[0].id)
        .map((ref: { field: string }) => ref.field)
        .sort(),
    ).toEqual(['chapters[0].see', 'sequel']);
    const pages = (await b.call('admin', 'GET', '/api/pages?sort=title&order=asc')).json().data;
    expect(pages.map((page: { path: string }) => page.path)).toEqual([
      'about',
      'moved',
      'about/team/people',
      'about/team',
    ]);
    const posts = (await b.call('admin', 'GET', '/api/posts?status=any&sort=title&order=asc')).json().data;
    const post = posts.find((row: { title: string }) => row.title === 'Published, edited since');
    const original = (await a.call('admin', 'GET', '/api/posts?status=any&sort=title&order=asc'))
      .json()
      .data.find((row: { title: string }) => row.title === 'Published, edited since');
    expect(post).toMatchObject({
      status: 'published',
      version: 2,
      has_unpublished_changes: true,
      published_at: original.published_at,
    });
    const terms = (await b.call('admin', 'GET', '/api/taxonomies/category/terms')).json().data;
    expect(
      post.terms.category.map((id: number) => terms.find((row: { id: number }) => row.id === id).slug).sort(),
    ).toEqual(['local', 'street']);
    const revisions = (await b.call('admin', 'GET', `/api/posts/${post.id}/revisions`)).json().data;
    expect(
      revisions.map((revision: { version: number; live: boolean }) => [revision.version, revision.live]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    const french = (await b.call('admin', 'GET', `/api/posts/${post.id}/translations`)).json().data;
    expect(french.map((member: { locale: string }) => member.locale)).toEqual(['en', 'fr']);

    // The scheduled post will still be published: its job came with it.
    const later = posts.find((row: { title: string }) => row.title === 'Later');
    expect(later).toMatchObject({ status: 'scheduled', publish_at: SCHEDULED_AT });
    const jobs = await t.runtime.data.global
      .selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('site_id', '=', b.siteId)
      .where('name', '=', PUBLISH_JOB)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(readJson(jobs[0]?.payload, null)).toEqual({ entryId: later.id, publishAt: SCHEDULED_AT });
  });

  it('refuses a file that is not an export, of another version, or malformed, writing nothing', async () => {
    const { siteId } = await seedContentSite(t.app, t.runtime, 'empty.test');
    await enableFrench(siteId);
    const file = await exportOf(a.siteId, false);
    await refusedImport(siteId, { hello: 'world' }, 'not_an_export', 422);
    await refusedImport(siteId, null, 'not_an_export', 422);
    await refusedImport(siteId, { ...file, format: 'wordpress' }, 'not_an_export', 422);
    const version = await refusedImport(siteId, { ...file, version: 99 }, 'incompatible_export', 422);
    expect(Object.keys(version.fields)).toEqual(['version']);
    const malformed = await refusedImport(
      siteId,
      { ...file, entries: [{ ...file.entries[0], title: 5 }, ...file.entries.slice(1)] },
      'malformed_export',
      422,
    );
    expect(Object.keys(malformed.fields)).toEqual(['entries[0].title']);
    const noStatus = structuredClone(file) as unknown as { entries: Record<string, unknown>[] };
    delete noStatus.entries[2]?.status;
    const missing = await refusedImport(siteId, noStatus, 'malformed_export', 422);
    expect(Object.keys(missing.fields)).toContain('entries[2].status');
  });

  it('refuses a file whose references or fields do not hold, writing nothing', async () => {
    const { siteId } = await seedContentSite(t.app, t.runtime, 'empty2.test');
    await enableFrench(siteId);
    const file = await exportOf(a.siteId, true);
    const book = file.entries.findIndex((entry) => entry.type === 'book' && entry.fields.sequel != null);
    const broken = structuredClone(file);
    (broken.entries[book] as { fields: Record<string, unknown> }).fields.sequel = 999_999;
    const relation = await refusedImport(siteId, broken, 'incompatible_export', 422);
    expect(Object.keys(relation.fields)).toEqual([`entries[${book}].fields.sequel`]);

    const badField = structuredClone(file);
    (badField.entries[book] as { fields: Record<string, unknown> }).fields.isbn = 42;
    const field = await refusedImport(siteId, badField, 'incompatible_export', 422);
    expect(Object.keys(field.fields)).toEqual([`entries[${book}].fields.isbn`]);

    const orphan = structuredClone(file);
    const child = orphan.entries.findIndex((entry) => entry.parent !== null);
    (orphan.entries[child] as { parent: number }).parent = 999_999;
    expect(Object.keys((await refusedImport(siteId, orphan, 'incompatible_export', 422)).fields)).toEqual([
      `entries[${child}].parent`,
    ]);

    const unknownTerm = structuredClone(file);
    const filed = unknownTerm.entries.findIndex((entry) => (entry.terms.category ?? []).length > 0);
    (unknownTerm.entries[filed] as { terms: Record<string, number[]> }).terms.category = [999_999];
    await refusedImport(siteId, unknownTerm, 'incompatible_export', 422);

    // A locale the site does not publish in.
    const res = await a.call('super_admin', 'PUT', `/api/sites/${siteId}`, { locales: ['en'] });
    expect(res.statusCode, res.body).toBe(200);
    const locale = await refusedImport(siteId, file, 'incompatible_export', 422);
    expect(Object.keys(locale.fields).every((path) => path.endsWith('.locale'))).toBe(true);
    await enableFrench(siteId);

    // A type of the same slug with other fields.
    const site = await seedContentSite(t.app, t.runtime, 'other-book.test');
    await enableFrench(site.siteId);
    await ok(
      site.call('admin', 'POST', '/api/content-types', {
        slug: 'book',
        singular_label: 'Book',
        plural_label: 'Books',
        fields: [{ key: 'pages', label: 'Pages', type: 'number' }],
      }),
    );
    await refusedImport(site.siteId, file, 'incompatible_content_type', 409);

    // A site with entries already.
    await refusedImport(a.siteId, file, 'site_not_empty', 409);
    await refusedImport(b.siteId, file, 'site_not_empty', 409);

    // The untouched empty site still takes the file.
    const report = await importContent(t.runtime, await systemContext(siteId), contentOf(t.runtime), file);
    expect(report.entries).toBe(ENTRIES);
  });

  it('stores HTML sanitized as a save does: rich text and blocks of the working copy, the published version, every revision', async () => {
    const hostile =
      '<p>Kept<img src="x" onerror="alert(1)"></p><script>alert(1)</script>' +
      '<meta http-equiv="refresh" content="0;url=https://evil.test/"><link rel="stylesheet" href="https://evil.test/a.css">';
    const file = structuredClone(await exportOf(a.siteId, true));
    const post = file.entries.find((entry) => entry.title === 'Published, edited since');
    const page = file.entries.find((entry) => entry.title === 'About');
    if (!post?.live || !post.revisions || !page?.live || !page.revisions)
      throw new Error('no published entries');
    const blocks = [{ id: 'hostile', type: 'paragraph', props: { content: hostile } }];
    post.fields.content = hostile;
    (post.live.fields as Record<string, unknown>).content = hostile;
    for (const revision of post.revisions)
      (revision.state as { fields: Record<string, unknown> }).fields.content = hostile;
    page.blocks = blocks;
    page.live.blocks = blocks;
    for (const revision of page.revisions) (revision.state as { blocks: unknown }).blocks = blocks;

    const target = await seedContentSite(t.app, t.runtime, 'sanitized.test');
    await enableFrench(target.siteId);
    await importContent(t.runtime, await systemContext(target.siteId), contentOf(t.runtime), file);
    const db = t.runtime.data.site(target.siteId);
    const stored = JSON.stringify([
      await db.selectFrom('entries').select(['fields', 'blocks', 'live']).execute(),
      await db.selectFrom('revisions').select('state').execute(),
    ]);
    expect(stored).toContain('Kept');
    for (const word of ['onerror', 'script', 'http-equiv', 'evil.test']) expect(stored).not.toContain(word);
    const published = await t.app.inject({ url: '/about', headers: { host: 'sanitized.test' } });
    expect(published.statusCode).toBe(200);
    expect(published.body).toContain('Kept');
    for (const word of ['onerror', 'alert(1)', 'http-equiv', 'evil.test'])
      expect(published.body).not.toContain(word);

    // A block tree the API would refuse is refused here too, in the published version as well.
    const { siteId } = await seedContentSite(t.app, t.runtime, 'bad-blocks.test');
    await enableFrench(siteId);
    const broken = structuredClone(file);
    const at = broken.entries.findIndex((entry) => entry.title === 'About');
    (broken.entries[at]?.live as { blocks: unknown }).blocks = [{ type: 'script', props: { src: 'x' } }];
    const refused = await refusedImport(siteId, broken, 'incompatible_export', 422);
    expect(Object.keys(refused.fields)).toEqual([`entries[${at}].live.blocks[0].type`]);
  });

  it("keeps each entry's author: the user of that email who may write on the site, a Super Admin too, else the one importing", async () => {
    const source = await seedContentSite(t.app, t.runtime, 'authors.test');
    // A Super Admin writes on every site without being a member of any.
    const root = await seedOutsider(t.runtime, 'root@install.test');
    await t.runtime.data.global
      .updateTable('users')
      .set({ is_super_admin: 1 })
      .where('id', '=', root)
      .execute();
    const asRoot = bearer(await seedToken(t.runtime, root, null, null, source.siteId));
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { host: 'authors.test', ...asRoot },
      payload: { title: 'By the Super Admin' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${written.json().data.id}/publish`,
      headers: { host: 'authors.test', ...asRoot },
    });
    expect(published.statusCode, published.body).toBe(200);
    await ok(source.call('editor', 'POST', '/api/posts', { title: 'By an editor of the source' }));

    const file = await exportOf(source.siteId, true);
    const byRoot = file.entries.find((entry) => entry.title === 'By the Super Admin');
    expect(byRoot).toMatchObject({ author: 'root@install.test', live: { author: 'root@install.test' } });
    expect(byRoot?.revisions?.map((revision) => revision.author)).toEqual(['root@install.test']);

    const target = await seedContentSite(t.app, t.runtime, 'authors-target.test');
    const site = (await systemContext(target.siteId)).site;
    // The editor of the source has no account on the target: the entry goes to the one importing.
    const importer = operationContext(t.runtime, {
      ...systemActorOn(site, t.runtime.permissions),
      userId: target.users.admin.id,
    });
    await importContent(t.runtime, importer, contentOf(t.runtime), file);
    const rows = await t.runtime.data
      .site(target.siteId)
      .selectFrom('entries')
      .select(['id', 'title', 'author_id', 'live'])
      .execute();
    const imported = new Map(rows.map((row) => [row.title, row]));
    expect(imported.get('By the Super Admin')?.author_id).toBe(root);
    expect(
      readJson<{ author_id: number }>(imported.get('By the Super Admin')?.live, { author_id: 0 }).author_id,
    ).toBe(root);
    expect(imported.get('By an editor of the source')?.author_id).toBe(target.users.admin.id);
    const revisions = await t.runtime.data
      .site(target.siteId)
      .selectFrom('revisions')
      .select('author_id')
      .where('entry_id', '=', imported.get('By the Super Admin')?.id ?? 0)
      .execute();
    expect(revisions.map((revision) => revision.author_id)).toEqual([root]);
  });

  it('round-trips through the CLI', async () => {
    const restore = pointCliAt(t.database.env);
    try {
      const c = await seedContentSite(t.app, t.runtime, 'c.test');
      await enableFrench(c.siteId);
      for (const email of ['editor@a.test', 'admin@a.test', 'author@a.test'])
        await ok(a.call('super_admin', 'POST', `/api/sites/${c.siteId}/members`, { email, role: 'editor' }));
      const out = join(dir, 'a.json');
      const exported = await cli('export', '--out', out, '--site', 'a.test', '--revisions');
      expect(exported.err).toBe('');
      expect(exported.code).toBe(0);
      const file = JSON.parse(readFileSync(out, 'utf8')) as ExportFile;
      expect(file.format).toBe('tessera-content');
      expect(exported.out).toBe(
        `Exported ${ENTRIES} entries, ${file.content_types.length} content types and ${file.terms.length} terms of a.test to ${out}.\n`,
      );
      const revisions = file.entries.reduce((sum, entry) => sum + (entry.revisions?.length ?? 0), 0);
      expect(revisions).toBeGreaterThan(ENTRIES);

      const imported = await cli('import', out, '--site', 'c.test');
      expect(imported.err).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.out).toBe(
        `Imported ${ENTRIES} entries (${revisions} revisions), 1 content types, 1 taxonomies and ${file.terms.length} terms into c.test.\n`,
      );
      t.runtime.sites.invalidate();
      const titles = async (site: ContentSite, type: string) =>
        (await site.call('admin', 'GET', `/api/${type}?status=any&sort=title&order=asc&limit=50`))
          .json()
          .data.map((entry: { title: string; status: string; path: string }) => [
            entry.title,
            entry.status,
            entry.path,
          ]);
      for (const type of ['posts', 'pages', 'content/book'])
        expect(await titles(c, type)).toEqual(await titles(a, type));
      expect(normalized(await exportOf(c.siteId, true))).toEqual(normalized(file));

      const again = await cli('import', out, '--site', 'c.test');
      expect(again.code).toBe(1);
      expect(again.err).toContain('content already');
      const notJson = join(dir, 'not.json');
      writeFileSync(notJson, '{');
      const unreadable = await cli('import', notJson, '--site', 'c.test');
      expect(unreadable.code).toBe(1);
      expect(unreadable.err).toContain(`Cannot read ${notJson} as JSON`);
      const nowhere = await cli('import', out, '--site', 'nowhere.test');
      expect(nowhere.code).toBe(1);
      expect(nowhere.err).toContain('No site answers on nowhere.test');
    } finally {
      restore();
    }
  });
});
