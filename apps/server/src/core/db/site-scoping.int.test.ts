import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { seedSiteWithRoles } from '../../../test/identity-fixtures.js';
import type { SiteScopedDb } from './data.js';

/**
 * The site-scoped handle keeps every site table of a statement on its site: joins, aliases,
 * subqueries, recursive queries and full-text search. Two tables exist only in this test: a page
 * tree and a searchable note (an FTS5 table on SQLite, a tsvector column on PostgreSQL).
 */
declare module './schema.js' {
  interface SiteTables {
    scoping_pages: { id: number; site_id: number; parent_id: number | null; title: string };
    scoping_notes: { site_id: number; body: string; document: unknown };
  }
}

let t: TestContext;
let a: SiteScopedDb;
let b: SiteScopedDb;

beforeAll(async () => {
  t = await createTestApp();
  a = t.runtime.data.site((await seedSiteWithRoles(t.runtime, 'a.scoping.test')).siteId);
  b = t.runtime.data.site((await seedSiteWithRoles(t.runtime, 'b.scoping.test')).siteId);
  const raw = t.runtime.data.raw;
  // No composite key here on purpose: the test plants a cross-site parent the handle must not follow.
  await raw.schema
    .createTable('scoping_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .execute();
  if (testEngine === 'sqlite') {
    await sql`create virtual table scoping_notes using fts5(site_id unindexed, body, document unindexed)`.execute(
      raw,
    );
  } else {
    await sql`create table scoping_notes (site_id integer not null, body text not null,
      document tsvector generated always as (to_tsvector('simple', body)) stored)`.execute(raw);
  }
});
afterAll(() => t.close());

describe('joins and aliases', () => {
  it('an inner join on a shared value reaches only this site’s rows of the joined table', async () => {
    const rows = await a
      .selectFrom('roles as mine')
      .innerJoin('roles as other', 'other.slug', 'mine.slug')
      .select(['mine.site_id as mine', 'other.site_id as other'])
      .execute();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.flatMap((r) => [r.mine, r.other]))).toEqual(new Set([a.siteId]));
  });

  it('a left join keeps its rows and fills only from this site', async () => {
    const rows = await a
      .selectFrom('roles as r')
      .leftJoin('role_permissions as p', (join) =>
        join
          .onRef('p.role_id', '!=', 'r.id')
          .on((eb) => eb.or([eb('p.permission', '=', 'media.upload'), eb('p.permission', '=', 'nothing')])),
      )
      .select(['r.id', 'p.site_id'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.site_id))).toEqual(new Set([a.siteId]));
  });

  it('a subquery from the expression builder is scoped too', async () => {
    const rows = await a
      .selectFrom('roles')
      .select((eb) => [
        'roles.id',
        eb
          .selectFrom('roles as any_site')
          .select((q) => q.fn.countAll<number | string>().as('n'))
          .as('n'),
      ])
      .execute();
    expect(rows.map((r) => Number(r.n))).toEqual([5, 5, 5, 5, 5]);
  });

  it('a scoped query embedded in a global one stays scoped', async () => {
    const members = await t.runtime.data.global
      .selectFrom('sites')
      .select('id')
      .where('id', 'in', a.selectFrom('roles').select('roles.site_id'))
      .execute();
    expect(members.map((r) => r.id)).toEqual([a.siteId]);
  });

  it('updates and deletes through an alias reach no other site, and no row changes site', async () => {
    const updated = await a
      .updateTable('roles as r')
      .set({ description: 'touched' })
      .where('r.slug', '=', 'editor')
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const untouched = await b
      .selectFrom('roles')
      .select('description')
      .where('slug', '=', 'editor')
      .executeTakeFirst();
    expect(untouched?.description).not.toBe('touched');
    expect(() =>
      a.updateTable('roles').set({ site_id: b.siteId }).where('slug', '=', 'editor').compile(),
    ).toThrow(/another site/);
    const deleted = await a.deleteFrom('roles as r').where('r.slug', '=', 'no such role').executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
  });

  it('inserts through a WITH query are stamped with the site, and another site is refused', async () => {
    await a
      .with('source', (q) => q.selectFrom('roles').select('roles.id').where('slug', '=', 'author'))
      .insertInto('scoping_pages')
      .values({ id: 900, site_id: a.siteId, parent_id: null, title: 'stamped' })
      .execute();
    expect(await b.selectFrom('scoping_pages').select('id').where('id', '=', 900).execute()).toEqual([]);
    expect(() =>
      a
        .with('x', (q) => q.selectFrom('roles').select('roles.id'))
        .insertInto('scoping_pages')
        .values({ id: 901, site_id: b.siteId, parent_id: null, title: 'smuggled' })
        .compile(),
    ).toThrow(/another site/);
  });
});

describe('recursive queries', () => {
  it('walk a page tree of this site only, even across a planted cross-site parent', async () => {
    const page = (id: number, site: SiteScopedDb, parent: number | null, title: string) =>
      t.runtime.data.raw
        .insertInto('scoping_pages')
        .values({ id, site_id: site.siteId, parent_id: parent, title })
        .execute();
    await page(1, a, null, 'home');
    await page(2, a, 1, 'about');
    await page(3, a, 2, 'team');
    await page(4, b, 1, 'intruder');
    await page(5, b, 4, 'intruder child');

    const tree = await a
      .withRecursive('tree(id, title, depth)', (q) =>
        q
          .selectFrom('scoping_pages')
          .select(['id', 'title', sql<number>`0`.as('depth')])
          .where('id', '=', 1)
          .unionAll(
            q
              .selectFrom('scoping_pages as child')
              .innerJoin('tree', 'tree.id', 'child.parent_id')
              .select(['child.id', 'child.title', sql<number>`tree.depth + 1`.as('depth')]),
          ),
      )
      .selectFrom('tree')
      .select(['id', 'title', 'depth'])
      .orderBy('id')
      .execute();
    expect(tree.map((r) => r.title)).toEqual(['home', 'about', 'team']);
  });
});

describe('full-text search', () => {
  it('finds this site’s documents only, and takes any input as words', async () => {
    const note = (site: SiteScopedDb, body: string) =>
      t.runtime.data.raw.insertInto('scoping_notes').values({ site_id: site.siteId, body }).execute();
    await note(a, 'Tiles and mosaics of the old harbour');
    await note(a, 'Opening hours');
    await note(b, 'Mosaics of site B');

    const column = testEngine === 'sqlite' ? 'scoping_notes.body' : 'scoping_notes.document';
    const found = await a
      .selectFrom('scoping_notes')
      .select('body')
      .where(a.matches(column, 'mosaics'))
      .execute();
    expect(found.map((r) => r.body)).toEqual(['Tiles and mosaics of the old harbour']);
    const both = await a
      .selectFrom('scoping_notes')
      .select('body')
      .where(a.matches(column, 'harbour tiles'))
      .execute();
    expect(both).toHaveLength(1);
    for (const hostile of ['"', 'mosaics OR NOT', '*', 'NEAR(', '   ', "o'brien"]) {
      await expect(
        a.selectFrom('scoping_notes').select('body').where(a.matches(column, hostile)).execute(),
        hostile,
      ).resolves.toBeDefined();
    }
  });
});
