import { sql } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import { likeLiteral } from '../../../core/db/text-search.js';

/** `text` anywhere in a value, for LIKE. */
const containing = (text: string) => `%${likeLiteral(text)}%`;

/** A state's fields without the keys starting with `prefix`. */
function withoutKeys(fields: unknown, prefix: string): Record<string, unknown> {
  const record = fields && typeof fields === 'object' && !Array.isArray(fields) ? fields : {};
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));
}

/**
 * What one site's content keeps of a plugin: the values of its fields (`<area>.<key>`) in entries,
 * their published state and their revisions, and the types it owns. For `plugin:uninstall`.
 */
export class PluginValuesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** Entries holding a value of the plugin's fields (working copy or published state). */
  async countHolding(area: string): Promise<number> {
    const mark = containing(`"${area}.`);
    const row = await this.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(
        sql<boolean>`(cast(fields as text) like ${mark} escape '\\' or cast(live as text) like ${mark} escape '\\')`,
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Takes the plugin's values out of every entry, published state and revision of the site. */
  async strip(area: string): Promise<void> {
    const prefix = `${area}.`;
    const mark = containing(`"${prefix}`);
    const entries = await this.db
      .selectFrom('entries')
      .select(['id', 'fields', 'live'])
      .where(
        sql<boolean>`(cast(fields as text) like ${mark} escape '\\' or cast(live as text) like ${mark} escape '\\')`,
      )
      .execute();
    for (const entry of entries) {
      const live = readJson<Record<string, unknown> | null>(entry.live, null);
      await this.db
        .updateTable('entries')
        .set({
          fields: writeJson(withoutKeys(readJson(entry.fields, {}), prefix)),
          live: live === null ? null : writeJson({ ...live, fields: withoutKeys(live.fields, prefix) }),
        })
        .where('id', '=', entry.id)
        .execute();
    }
    const revisions = await this.db
      .selectFrom('revisions')
      .select(['id', 'state'])
      .where(sql<boolean>`cast(state as text) like ${mark} escape '\\'`)
      .execute();
    for (const revision of revisions) {
      const state = readJson<Record<string, unknown>>(revision.state, {});
      await this.db
        .updateTable('revisions')
        .set({ state: writeJson({ ...state, fields: withoutKeys(state.fields, prefix) }) })
        .where('id', '=', revision.id)
        .execute();
    }
  }

  /** Titles of entries (not in the trash) of `typeIds` whose path is `slug` or lies under it. */
  async titlesAt(typeIds: readonly number[], slug: string | null): Promise<string[]> {
    if (typeIds.length === 0) return [];
    let query = this.db
      .selectFrom('entries')
      .select('title')
      .where('type_id', 'in', typeIds)
      .where('deleted_at', 'is', null);
    if (slug !== null)
      query = query.where((eb) =>
        eb.or([eb('path', '=', slug), sql<boolean>`path like ${`${likeLiteral(slug)}/%`} escape '\\'`]),
      );
    return (await query.orderBy('id').limit(3).execute()).map((row) => row.title);
  }

  async countOwnedTypes(plugin: string): Promise<number> {
    const row = await this.db
      .selectFrom('content_types')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner', '=', plugin)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The plugin's types become the site's own, their entries kept: people wrote them. */
  async releaseTypes(plugin: string): Promise<void> {
    await this.db.updateTable('content_types').set({ owner: null }).where('owner', '=', plugin).execute();
  }
}
