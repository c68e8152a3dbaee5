import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { systemActorOn } from '../../../core/access/actor.js';
import { AppError } from '../../../core/errors.js';
import { type OperationContext, operationContext } from '../../../core/operation/operation-context.js';
import { contentOf } from '../content.js';
import { exportContent } from './export.js';
import type { ExportFile } from './format.js';
import { importContent } from './import.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
const dir = mkdtempSync(join(tmpdir(), 'tessera-transfer-'));

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  for (const site of [a, b])
    await a.call('super_admin', 'PUT', `/api/sites/${site.siteId}`, { locales: ['en', 'fr'] });
  await buildContent(a);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ok(
  res: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>,
) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json().data as Record<string, never>;
}

/** Every kind of content the export carries. */
async function buildContent(site: ContentSite) {
  await ok(
    site.call('admin', 'POST', '/api/content-types', {
      slug: 'book',
      singular_label: 'Book',
      plural_label: 'Books',
      taxonomies: ['tag'],
      fields: [
        { key: 'isbn', label: 'ISBN', type: 'text', required: true },
        { key: 'sequel', label: 'Sequel', type: 'relation', target_type: 'book' },
        {
          key: 'chapters',
          label: 'Chapters',
          type: 'repeater',
          fields: [{ key: 'title', label: 'Title', type: 'text' }],
        },
      ],
    }),
  );
  const news = await ok(site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'News' }));
  const local = await ok(
    site.call('editor', 'POST', '/api/taxonomies/category/terms', { name: 'Local', parent_id: news.id }),
  );
  const tag = await ok(site.call('editor', 'POST', '/api/taxonomies/tag/terms', { name: 'Classic' }));
  const about = await ok(site.call('editor', 'POST', '/api/pages', { title: 'About' }));
  await ok(site.call('editor', 'POST', '/api/pages', { title: 'Team', parent_id: about.id }));
  await ok(site.call('editor', 'POST', `/api/pages/${about.id}/publish`));
  const published = await ok(
    site.call('editor', 'POST', '/api/posts', { title: 'Published', terms: { category: [local.id] } }),
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
  const scheduled = await ok(site.call('editor', 'POST', '/api/posts', { title: 'Later' }));
  await ok(
    site.call('editor', 'POST', `/api/posts/${scheduled.id}/schedule`, {
      publish_at: '2099-01-01T00:00:00.000Z',
    }),
  );
  const trashed = await ok(site.call('editor', 'POST', '/api/posts', { title: 'Gone' }));
  await site.call('editor', 'DELETE', `/api/posts/${trashed.id}`);
  const second = await ok(
    site.call('admin', 'POST', '/api/content/book', { title: 'Second', fields: { isbn: '2' } }),
  );
  await ok(
    site.call('admin', 'POST', '/api/content/book', {
      title: 'First',
      fields: { isbn: '1', sequel: second.id, chapters: [{ title: 'One' }, { title: 'Two' }] },
      terms: { tag: [tag.id] },
    }),
  );
}

function systemContext(siteId: number): Promise<OperationContext> {
  return t.runtime.siteStore.findById(siteId).then((site) => {
    if (!site) throw new Error('no site');
    return operationContext(t.runtime, systemActorOn(site, t.runtime.permissions));
  });
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
  const entryRef = new Map(file.entries.map((entry, i) => [entry.ref, `e${i}`]));
  const termRef = new Map(file.terms.map((term, i) => [term.ref, `t${i}`]));
  const refs = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, item) =>
      (key === 'parent' || key === 'parent_id' || key === 'sequel') && typeof item === 'number'
        ? (entryRef.get(item) ?? item)
        : key === 'terms' && item && typeof item === 'object'
          ? Object.fromEntries(
              Object.entries(item as Record<string, number[]>).map(([taxonomy, ids]) => [
                taxonomy,
                ids.map((id) => termRef.get(id)),
              ]),
            )
          : item,
    );
  return {
    content_types: file.content_types,
    taxonomies: file.taxonomies,
    terms: file.terms.map(({ ref, parent, ...term }) => ({
      ...term,
      ref: termRef.get(ref),
      parent: parent === null ? null : termRef.get(parent),
    })),
    entries: file.entries.map(({ ref, translation_group, terms, ...entry }) => ({
      ...(refs(entry) as object),
      ref: entryRef.get(ref),
      group: file.entries.findIndex((other) => other.translation_group === translation_group),
      terms: Object.fromEntries(
        Object.entries(terms).map(([taxonomy, ids]) => [taxonomy, ids.map((id) => termRef.get(id))]),
      ),
      live: refs(entry.live),
    })),
  };
}

describe(`export and import (${testEngine})`, () => {
  it('reproduces a site exactly in an empty one', async () => {
    // The authors are users of the installation: members of the target site too.
    for (const email of ['editor@a.test', 'admin@a.test'])
      await ok(a.call('super_admin', 'POST', `/api/sites/${b.siteId}/members`, { email, role: 'editor' }));
    const source = await systemContext(a.siteId);
    const file = await exportContent(source, contentOf(t.runtime).types, { revisions: true });
    expect(file.entries.length).toBe(8);
    const report = await importContent(t.runtime, await systemContext(b.siteId), contentOf(t.runtime), file);
    expect(report).toMatchObject({ entries: 8, content_types: 1 });
    const copy = await exportContent(await systemContext(b.siteId), contentOf(t.runtime).types, {
      revisions: true,
    });
    expect(normalized(copy)).toEqual(normalized(file));
    // What the API answers agrees: the relation and the paths made it.
    const books = (await b.call('admin', 'GET', '/api/content/book?sort=title&order=asc')).json().data;
    expect(books[0].fields.sequel).toBe(books[1].id);
    const pages = (await b.call('admin', 'GET', '/api/pages?sort=title&order=asc')).json().data;
    expect(pages.map((page: { path: string }) => page.path)).toEqual(['about', 'about/team']);
  });

  it('refuses what does not fit, before writing anything', async () => {
    const target = await systemContext(a.siteId);
    const before = (await a.call('admin', 'GET', '/api/posts?status=any')).json().meta.total;
    const file = await exportContent(target, contentOf(t.runtime).types, { revisions: false });
    const refused = async (input: unknown, code: string) => {
      const error = await importContent(t.runtime, target, contentOf(t.runtime), input).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
      return error as AppError;
    };
    await refused({ hello: 'world' }, 'not_an_export');
    await refused({ ...file, version: 99 }, 'incompatible_export');
    const malformed = await refused(
      { ...file, entries: [{ ...file.entries[0], title: 5 }] },
      'malformed_export',
    );
    expect(Object.keys(malformed.fields)).toContain('entries[0].title');
    await refused(file, 'site_not_empty');
    expect((await a.call('admin', 'GET', '/api/posts?status=any')).json().meta.total).toBe(before);
  });

  it('refuses a file whose references or fields do not hold, on an empty site', async () => {
    const { siteId } = await seedContentSite(t.app, t.runtime, 'empty.test');
    await a.call('super_admin', 'PUT', `/api/sites/${siteId}`, { locales: ['en', 'fr'] });
    const target = await systemContext(siteId);
    const file = await exportContent(await systemContext(a.siteId), contentOf(t.runtime).types, {
      revisions: false,
    });
    const book = file.entries.findIndex(
      (entry) => entry.type === 'book' && entry.fields.sequel !== undefined,
    );
    const broken = structuredClone(file);
    (broken.entries[book] as { fields: Record<string, unknown> }).fields.sequel = 999_999;
    const error = (await importContent(t.runtime, target, contentOf(t.runtime), broken).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(error.code).toBe('incompatible_export');
    expect(Object.keys(error.fields)).toEqual([`entries[${book}].fields.sequel`]);
    const entries = await t.runtime.data.site(siteId).selectFrom('entries').select('id').execute();
    expect(entries).toEqual([]);
  });

  it('round-trips through the CLI', async () => {
    const restore = pointCliAt(t.database.env);
    try {
      const c = await seedContentSite(t.app, t.runtime, 'c.test');
      await a.call('super_admin', 'PUT', `/api/sites/${c.siteId}`, { locales: ['en', 'fr'] });
      const out = join(dir, 'a.json');
      const exported = await cli('export', '--out', out, '--site', 'a.test', '--revisions');
      expect(exported.code, exported.err).toBe(0);
      expect(exported.out).toContain('Exported 8 entries');
      expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('tessera-content');
      const imported = await cli('import', out, '--site', 'c.test');
      expect(imported.code, imported.err).toBe(0);
      expect(imported.out).toContain('Imported 8 entries');
      const again = await cli('import', out, '--site', 'c.test');
      expect(again.code).toBe(1);
      expect(again.err).toContain('content already');
    } finally {
      restore();
    }
  });
});
