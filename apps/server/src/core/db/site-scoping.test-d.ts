/**
 * Compile-time guarantees of the data layer, checked by `tsc` (typecheck.test.ts runs it in the
 * suite). Each `@ts-expect-error` fails the type check if the line below it ever compiles.
 */
import type { Data } from './data.js';

export function unscopedSiteDataDoesNotCompile(data: Data): void {
  // @ts-expect-error site-owned tables are not reachable through the global handle
  data.global.selectFrom('roles');
  // @ts-expect-error nor can a site row be written there
  data.global.insertInto('activity_log');
  const row = {
    slug: 'x',
    name: 'X',
    description: '',
    is_default: 0,
    requires_two_factor: 0,
    created_at: '',
    updated_at: '',
  };
  // @ts-expect-error a scoped insert cannot choose its site
  data.site(1).insertInto('roles', { ...row, site_id: 2 });
  // Global tables are reachable as usual.
  data.global.selectFrom('users');
}

export function scopedHandleStartsOnlyFromSiteTables(data: Data): void {
  const site = data.site(1);
  // @ts-expect-error a global table is no entry point of the site handle
  site.selectFrom('users');
  // @ts-expect-error nor can it update one
  site.updateTable('sessions');
  // @ts-expect-error or delete from one
  site.deleteFrom('api_tokens');
  // @ts-expect-error nor take a table that does not exist, aliased or not
  site.selectFrom('nothing as n');
}

export function scopedHandleCoversAliasesJoinsAndRecursion(data: Data): void {
  const site = data.site(1);
  // An alias names the table in the rest of the query, joins to site and global tables included.
  site
    .selectFrom('roles as r')
    .innerJoin('role_permissions as p', 'p.role_id', 'r.id')
    .leftJoin('site_members as m', 'm.role_id', 'r.id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.slug', 'p.permission', 'u.email']);
  // @ts-expect-error once aliased, the table's own name is no longer in scope
  site.selectFrom('roles as r').select('roles.slug');
  site.updateTable('roles as r').set({ name: 'x' }).where('r.slug', '=', 'editor');
  site.deleteFrom('roles as r').where('r.slug', '=', 'editor');
  // Recursive queries, with the CTE as a table of its own.
  site
    .withRecursive('chain(id)', (q) =>
      q
        .selectFrom('roles')
        .select('roles.id')
        .unionAll(q.selectFrom('roles as r').innerJoin('chain', 'chain.id', 'r.id').select('r.id')),
    )
    .selectFrom('chain')
    .select('chain.id');
  // Full-text conditions go where any condition goes.
  site.selectFrom('activity_log').where(site.matches('activity_log.action', 'login')).selectAll();
}
