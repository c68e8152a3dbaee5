import { afterCommit } from '../../core/db/transaction-routing.js';
import { ANSWERS } from '../../core/http/answer-caching.js';
import type { Page } from '../../core/http/envelope.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import type { SearchDocument } from '../content/published/service.js';
import { ANONYMOUS_READER, accessVerdict } from '../public/entry-access.js';
import { SearchRepo } from './repo.js';
import { excerptOf, indexTokens, searchTerms } from './tokens.js';

export interface SearchResult {
  id: number;
  title: string;
  excerpt: string;
  url: string;
  type: string;
  published_at: string;
  /** A plugin restricts the entry (`entry.access`): the excerpt is its teaser, never its text. */
  restricted: boolean;
}

export interface SearchQuery {
  q: string;
  type?: string;
  page: number;
  limit: number;
}

const REINDEX_BATCH = 500;

/**
 * Full-text search of what a site has published (spec 4.3). The index follows the site events of
 * entries inside their transactions: a published entry is findable as soon as its publication
 * commits, and an unpublished or deleted one never again.
 */
export class SearchService {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {}

  /** Which types a search covers: pages, posts and custom types with an archive. */
  async searchableTypes(site: Site): Promise<Map<string, number>> {
    const types = [...(await this.content.types.ofSite(site)).values()];
    return new Map(
      types
        .filter((type) => type.slug === 'page' || type.slug === 'post' || type.has_archive)
        .map((type) => [type.slug, type.id]),
    );
  }

  async search(ctx: OperationContext, query: SearchQuery): Promise<Page<SearchResult>> {
    const types = await this.searchableTypes(ctx.site);
    const typeIds = query.type === undefined ? [...types.values()] : [types.get(query.type) ?? -1];
    // Queries are stemmed in the site's language; entries in others are still found word for word.
    const terms = searchTerms(query.q, ctx.site.default_locale);
    const { hits, total } = await this.repo(ctx.site).search(
      terms,
      typeIds,
      query.limit,
      (query.page - 1) * query.limit,
    );
    const items = await this.content.published.items(
      ctx.site,
      hits.map((hit) => hit.id),
    );
    const textOf = new Map(hits.map((hit) => [hit.id, hit.text]));
    // Results are the same for everyone (and kept as such): a restricted entry shows its teaser.
    const reader = { ...ANONYMOUS_READER, surface: 'search' as const };
    return {
      items: await Promise.all(
        items.map(async (item) => {
          const { id, type, title, url, locale } = item;
          const entry = { id, type, title, url, locale };
          const restricted = (await accessVerdict(this.runtime, ctx.site, entry, reader)) !== 'read';
          return {
            id: item.id,
            title: item.title,
            excerpt: restricted
              ? item.excerpt
              : excerptOf(textOf.get(item.id) || item.excerpt, terms, ctx.site.default_locale),
            url: item.url,
            type: item.type,
            published_at: item.published_at,
            restricted,
          };
        }),
      ),
      total,
    };
  }

  /** Indexes the published versions of these entries, in the caller's transaction; unpublished ones leave. */
  async index(site: Site, ids: readonly number[]): Promise<void> {
    const documents = await this.publicDocuments(site, await this.content.published.documents(site, { ids }));
    const repo = this.repo(site);
    const found = new Set(documents.map((document) => document.id));
    await repo.remove(ids.filter((id) => !found.has(id)));
    for (const document of documents) await repo.put(this.indexed(document));
  }

  async remove(site: Site, ids: readonly number[]): Promise<void> {
    await this.repo(site).remove(ids);
    await this.indexChanged(site);
  }

  /**
   * Kept search answers go with the index they came from. Inside a site event's transaction the
   * event drops them already; called on its own (a rebuild, a repair), this does.
   */
  private indexChanged(site: Site): Promise<void> {
    return afterCommit(() => this.runtime.caches.forget(ANSWERS, site.id));
  }

  /** Builds a site's index again from what is published, in one transaction; returns how many entries. */
  async reindex(site: Site): Promise<number> {
    const count = await this.runtime.data.transaction(async () => {
      const repo = this.repo(site);
      await repo.clear();
      let count = 0;
      let afterId = 0;
      for (;;) {
        const batch = await this.content.published.documents(site, { afterId, limit: REINDEX_BATCH });
        for (const document of await this.publicDocuments(site, batch))
          await repo.put(this.indexed(document));
        count += batch.length;
        const last = batch.at(-1);
        if (!last) return count;
        afterId = last.id;
      }
    });
    await this.indexChanged(site);
    return count;
  }

  async isEmpty(site: Site): Promise<boolean> {
    return this.repo(site).isEmpty();
  }

  /**
   * What the public may search of these entries: a restricted entry (a plugin's `entry.access`, for
   * an anonymous visitor) is indexed by its title and teaser only, so its text is never found by
   * the words in it. `entries.access_changed` indexes entries again when that changes.
   */
  private async publicDocuments(site: Site, documents: SearchDocument[]): Promise<SearchDocument[]> {
    if (documents.length === 0 || !this.runtime.hooks.hasCallbacks('entry.access')) return documents;
    const items = new Map(
      (
        await this.content.published.items(
          site,
          documents.map((document) => document.id),
        )
      ).map((item) => [item.id, item]),
    );
    const reader = { ...ANONYMOUS_READER, surface: 'search' as const };
    return Promise.all(
      documents.map(async (document) => {
        const item = items.get(document.id);
        if (!item) return document;
        const { id, type, title, url, locale } = item;
        const verdict = await accessVerdict(this.runtime, site, { id, type, title, url, locale }, reader);
        return verdict === 'read' ? document : { ...document, text: item.excerpt };
      }),
    );
  }

  private indexed(document: SearchDocument) {
    return {
      id: document.id,
      title: indexTokens(document.title, document.locale),
      body: indexTokens(document.text, document.locale),
      text: document.text,
    };
  }

  private repo(site: Site): SearchRepo {
    return new SearchRepo(this.runtime.data.site(site.id), this.runtime.data.engine);
  }
}
