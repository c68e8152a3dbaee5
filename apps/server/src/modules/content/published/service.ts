import { NotFound } from '../../../core/errors.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { authorNames } from '../../identity/users/bylines.js';
import { EntriesRepo } from '../entries/repo.js';
import { stateOf } from '../entries/state.js';
import { derivedExcerpt } from '../entries/view.js';
import type { ContentType } from '../types/content-type.js';
import { entryUrl } from '../types/route-pattern.js';
import type { ContentTypesService } from '../types/service.js';
import { PublishedRepo, type PublishedRow, type TermRef } from './repo.js';
import { dateAgrees, matchRoute, routeOrder } from './route-match.js';
import { searchableText } from './text.js';

/** A published entry as feeds (and later the public site's lists) show it: its live version. */
export interface PublishedItem {
  id: number;
  type: string;
  title: string;
  /** Site-relative. */
  url: string;
  excerpt: string;
  locale: string;
  published_at: string;
  updated_at: string;
  author_id: number | null;
  /** The author's display name; null when the entry has none (or the account is gone). */
  author: string | null;
  terms: TermRef[];
  featured_media_id: number | null;
}

export interface LatestQuery {
  type: string;
  limit: number;
  /** From 1 (default): `limit` entries a page. */
  page?: number;
  /** Only entries in this locale. */
  locale?: string;
  /** Only entries filed under this term (`category` / `news`, `tag` / `rust`). */
  term?: { taxonomy: string; slug: string };
  /** Only entries by this user. */
  authorId?: number;
  /** Newest first (default), oldest first, or by title. */
  order?: 'newest' | 'oldest' | 'title';
  /** Whether to count them all (`total`, for paging); a list that is not paged skips the count (`total` -1). */
  count?: boolean;
}

/**
 * What is published on a site, read without an actor: public by definition. Everything comes from
 * the live version (what the public site serves), never from a draft in progress; the filing under
 * a term is the working copy's, checked against the live terms so an unpublished recategorization
 * does not move a post between feeds before it is published.
 */
export class PublishedService {
  constructor(
    private readonly runtime: Runtime,
    private readonly types: ContentTypesService,
  ) {}

  async latest(
    site: Site,
    query: LatestQuery,
  ): Promise<{ items: PublishedItem[]; term: TermRef | null; total: number }> {
    const type = (await this.types.ofSiteHaving(site, query.type)).get(query.type);
    if (!type) throw new NotFound(`Content type ${query.type}`, 'content_type_not_found');
    const repo = new PublishedRepo(this.runtime.data.site(site.id));
    const term = query.term ? await repo.termBySlug(query.term.taxonomy, query.term.slug) : null;
    if (query.term && !term) throw new NotFound('Term', 'term_not_found');
    const only = { termId: term?.id, locale: query.locale, authorId: query.authorId };
    const offset = ((query.page ?? 1) - 1) * query.limit;
    const [found, total] = await Promise.all([
      repo.latest([type.id], query.limit, { ...only, offset, order: query.order ?? 'newest' }),
      query.count === false ? Promise.resolve(-1) : repo.countLatest([type.id], only),
    ]);
    // The filters read the working copy's columns; what shows is the live version's, checked here.
    const rows = found.filter(
      (row) =>
        (!term || (row.live.terms[term.taxonomy] ?? []).includes(term.id)) &&
        (query.authorId === undefined || row.live.author_id === query.authorId),
    );
    const terms = await repo.termsByIds(rows.flatMap((row) => Object.values(row.live.terms).flat()));
    const authors = await authorNames(
      this.runtime.data,
      rows.flatMap((row) => (row.live.author_id === null ? [] : [row.live.author_id])),
    );
    const items = rows.map((row) => ({
      ...this.itemOf(site, type, row),
      author: row.live.author_id === null ? null : (authors.get(row.live.author_id) ?? null),
      terms: Object.values(row.live.terms)
        .flat()
        .flatMap((id) => {
          const found = terms.get(id);
          return found ? [found] : [];
        })
        // PostgreSQL's jsonb does not keep key order: sorted, the same on both engines.
        .sort((x, y) => x.taxonomy.localeCompare(y.taxonomy) || x.name.localeCompare(y.name)),
      featured_media_id: row.live.featured_media_id,
    }));
    return { items, term, total };
  }

  /** What search indexes of published entries: by id, or a page of the whole site after `afterId`. */
  async documents(site: Site, which: { ids: readonly number[] } | { afterId: number; limit: number }) {
    const repo = new PublishedRepo(this.runtime.data.site(site.id));
    const rows =
      'ids' in which ? await repo.byIds(which.ids) : await repo.pageAfter(which.afterId, which.limit);
    const typeById = await this.typesById(site);
    return rows.flatMap((row): SearchDocument[] => {
      const type = typeById.get(row.type_id);
      if (!type) return [];
      return [
        {
          id: row.id,
          type: type.slug,
          locale: row.locale,
          title: row.live.title,
          text: searchableText(type, row.live),
        },
      ];
    });
  }

  /** Published entries by id, in the order given; ids not published (any more) are left out. */
  async items(site: Site, ids: readonly number[]): Promise<Omit<PublishedItem, 'author' | 'terms'>[]> {
    const rows = new Map(
      (await new PublishedRepo(this.runtime.data.site(site.id)).byIds(ids)).map((row) => [row.id, row]),
    );
    const typeById = await this.typesById(site);
    return ids.flatMap((id) => {
      const row = rows.get(id);
      const type = row && typeById.get(row.type_id);
      return row && type ? [this.itemOf(site, type, row)] : [];
    });
  }

  /** The published translations of an entry, itself included: their locale, id and address. */
  async translations(
    site: Site,
    entryId: number,
  ): Promise<Array<{ id: number; locale: string; url: string }>> {
    const rows = await new PublishedRepo(this.runtime.data.site(site.id)).translationsOf(entryId);
    const typeById = await this.typesById(site);
    return rows.flatMap((row) => {
      const type = typeById.get(row.type_id);
      return type ? [{ id: row.id, locale: row.locale, url: this.itemOf(site, type, row).url }] : [];
    });
  }

  /** One published entry by id (a static front page), with its type and live row; null when not public. */
  async entry(site: Site, id: number): Promise<Extract<PathAnswer, { kind: 'entry' }> | null> {
    const [row] = await new PublishedRepo(this.runtime.data.site(site.id)).byIds([id]);
    const type = row && (await this.typesById(site)).get(row.type_id);
    return row && type ? { kind: 'entry', type, row, item: this.itemOf(site, type, row) } : null;
  }

  /**
   * An entry as it is being edited (its working copy, drafts included), shaped like a published one
   * so the site renders it as it would look: for preview links, whose signature is the authority.
   */
  async workingCopy(site: Site, id: number): Promise<Extract<PathAnswer, { kind: 'entry' }> | null> {
    const entry = await new EntriesRepo(this.runtime.data.site(site.id)).byId(id);
    const type =
      entry && entry.deleted_at === null ? (await this.typesById(site)).get(entry.type_id) : undefined;
    if (!entry || !type) return null;
    const row: PublishedRow = {
      id: entry.id,
      type_id: entry.type_id,
      locale: entry.locale,
      live: stateOf(entry, {}),
      live_path: entry.path,
      published_at: entry.published_at ?? entry.publish_at ?? entry.updated_at,
      updated_at: entry.updated_at,
    };
    return { kind: 'entry', type, row, item: this.itemOf(site, type, row) };
  }

  /**
   * What the public site serves at a site-relative path: the published entry whose URL it is (by
   * its type's route pattern, under the locale's prefix), a move (the entry's canonical URL, when
   * the path is an old one after a slug or parent change, or a variant of the right one), or null.
   */
  async atPath(site: Site, requested: string): Promise<PathAnswer> {
    const [first, ...rest] = requested.slice(1).split('/');
    const prefixed = first !== undefined && first !== site.default_locale && site.locales.includes(first);
    const locale = prefixed ? (first as string) : site.default_locale;
    const path = prefixed ? `/${rest.join('/')}` : requested;
    const repo = new PublishedRepo(this.runtime.data.site(site.id));
    const types = [...(await this.types.ofSite(site)).values()].sort((a, b) =>
      routeOrder(a.route_pattern, b.route_pattern),
    );
    const moves: Array<{ type: ContentType; path: string }> = [];
    for (const type of types) {
      const match = matchRoute(type.route_pattern, path);
      if (!match) continue;
      let row: PublishedRow | null = null;
      if (match.id !== undefined) {
        const [found] = await repo.byIds([match.id]);
        row = found && found.type_id === type.id && found.locale === locale ? found : null;
      } else if (match.path !== undefined) {
        row = await repo.atPath(type.id, locale, match.path);
        if (!row) moves.push({ type, path: match.path });
      }
      if (!row) continue;
      const item = this.itemOf(site, type, row);
      if (item.url !== requested || !dateAgrees(match, row.published_at))
        return { kind: 'moved', url: item.url };
      return { kind: 'entry', type, row, item };
    }
    for (const { type, path: oldPath } of moves) {
      const id = await repo.movedFrom(type.id, locale, oldPath);
      const [row] = id === null ? [] : await repo.byIds([id]);
      if (row) return { kind: 'moved', url: this.itemOf(site, type, row).url };
    }
    return null;
  }

  private itemOf(site: Site, type: ContentType, row: PublishedRow): Omit<PublishedItem, 'author' | 'terms'> {
    return {
      id: row.id,
      type: type.slug,
      title: row.live.title,
      url: entryUrl(
        site,
        type,
        { id: row.id, slug: row.live.slug, path: row.live_path, date: new Date(row.published_at) },
        row.locale,
      ),
      excerpt: row.live.excerpt || derivedExcerpt(type, row.live),
      locale: row.locale,
      published_at: row.published_at,
      updated_at: row.updated_at,
      author_id: row.live.author_id,
      featured_media_id: row.live.featured_media_id,
    };
  }

  private async typesById(site: Site): Promise<Map<number, ContentType>> {
    return new Map([...(await this.types.ofSite(site)).values()].map((type) => [type.id, type]));
  }
}

/** See `PublishedService.atPath`. */
export type PathAnswer =
  | { kind: 'entry'; type: ContentType; row: PublishedRow; item: Omit<PublishedItem, 'author' | 'terms'> }
  | { kind: 'moved'; url: string }
  | null;

/** An entry as search indexes it: its published title and the plain text of the rest. */
export interface SearchDocument {
  id: number;
  type: string;
  locale: string;
  title: string;
  text: string;
}
