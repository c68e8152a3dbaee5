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
