import type { SiteScopedDb } from '../../core/db/data.js';
import { readJson } from '../../core/db/engine.js';
import { liveSince } from '../content/published/live-since.js';

/** A term's archive in one language: its slug, and when the newest of its posts went live. */
export interface TermArchiveRow {
  slug: string;
  locale: string;
  lastmod: string;
}

/** What the sitemaps read of published entries that the published-content service does not give. */
export class SitemapsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** The field values of each entry's live version, by entry id: what a `sitemap.urls` filter reads. */
  async liveFields(ids: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entries')
      .select(['id', 'live'])
      .where('id', 'in', ids)
      .where('live', 'is not', null)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        readJson<{ fields?: Record<string, unknown> } | null>(row.live, null)?.fields ?? {},
      ]),
    );
  }

  /**
   * The published entries that share a translation group with one of `ids` (those included), by
   * group: the translations an entry's hreflang alternates point to.
   */
  async translationGroups(ids: readonly number[]): Promise<Map<number, number[]>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entries')
      .select(['id', 'translation_group_id'])
      .where('translation_group_id', 'in', (eb) =>
        eb.selectFrom('entries as asked').select('asked.translation_group_id').where('asked.id', 'in', ids),
      )
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .where('live', 'is not', null)
      .orderBy('id')
      .execute();
    const groups = new Map<number, number[]>();
    for (const row of rows) {
      const members = groups.get(row.translation_group_id) ?? [];
      members.push(row.id);
      groups.set(row.translation_group_id, members);
    }
    return groups;
  }

  /**
   * The archives of a taxonomy's terms that list at least one published entry of the type, one
   * per term and language, oldest term first (so a block's addresses stay put as terms are added).
   * Filed as the working copy files them, as the archives themselves select their posts.
   */
  async termArchives(
    taxonomy: string,
    typeId: number,
    block: { limit: number; offset: number },
  ): Promise<TermArchiveRow[]> {
    const rows = await this.archives(taxonomy, typeId)
      .select((eb) => ['terms.slug', 'entries.locale', eb.fn.max(liveSince(eb)).as('lastmod')])
      .orderBy('terms.id')
      .orderBy('entries.locale')
      .limit(block.limit)
      .offset(block.offset)
      .execute();
    return rows.flatMap((row) =>
      row.lastmod === null ? [] : [{ slug: row.slug, locale: row.locale, lastmod: row.lastmod }],
    );
  }

  /** How many archives `termArchives` pages through. */
  async countTermArchives(taxonomy: string, typeId: number): Promise<number> {
    const row = await this.db
      .with('archives', () => this.archives(taxonomy, typeId).select(['terms.id', 'entries.locale']))
      .selectFrom('archives')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private archives(taxonomy: string, typeId: number) {
    return this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .innerJoin('entry_terms', 'entry_terms.term_id', 'terms.id')
      .innerJoin('entries', 'entries.id', 'entry_terms.entry_id')
      .leftJoin('revisions', 'revisions.id', 'entries.live_revision_id')
      .where('taxonomies.slug', '=', taxonomy)
      .where('entries.type_id', '=', typeId)
      .where('entries.status', '=', 'published')
      .where('entries.deleted_at', 'is', null)
      .where('entries.live', 'is not', null)
      .where('entries.published_at', 'is not', null)
      .groupBy(['terms.id', 'terms.slug', 'entries.locale']);
  }
}
