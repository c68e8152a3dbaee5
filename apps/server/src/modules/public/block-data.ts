import {
  type Block,
  type EntryList as BlockEntryList,
  blockLists,
  type EntryCard,
  eachBlock,
  type MediaInfo,
} from '@tessera/blocks';
import { NotFound } from '../../core/errors.js';
import { visitorContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { commentsOf } from '../comments/module.js';
import type { Content } from '../content/content.js';
import type { PathAnswer, PublishedItem } from '../content/published/service.js';
import type { MediaService } from '../media/service.js';
import type { MediaView } from '../media/view.js';
import { patternsOf } from '../patterns/module.js';
import { settingsOf } from '../settings/service.js';

/** A published entry as an address finds it: its type, row and item. */
export type PublishedEntry = Extract<PathAnswer, { kind: 'entry' }>;

type Listed = Awaited<ReturnType<Content['published']['latest']>>['items'];

/** The entries of one list block, and which of the list's pages they are. */
export interface ListedEntries {
  type: string;
  items: Listed;
  page: number;
  pages: number;
}

/**
 * What a tree of blocks asks its environment for before it renders (its synced patterns, the
 * entries of its lists, its media, an entry's breadcrumb trail), fetched at once, as visitors may
 * see them: shared by entry pages, the site's widgets and sections, and the builder's canvas.
 */
export class BlockData {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    private readonly media: MediaService,
  ) {}

  /**
   * The synced patterns a tree places, fetched at once, and the tree with their blocks after it:
   * their media and lists count as the tree's.
   */
  async placedPatterns(site: Site, tree: readonly Block[]) {
    const ids = new Set<number>();
    eachBlock(tree, (block) => {
      if (block.type === 'pattern' && typeof block.props.pattern_id === 'number')
        ids.add(block.props.pattern_id);
    });
    const patternIds = [...ids];
    const placed = await patternsOf(this.runtime).syncedFor(site, patternIds);
    const shown = placed.size > 0 ? [...tree, ...[...placed.values()].flat()] : tree;
    return { patternIds, placed, shown };
  }

  /** The media items `ids` name that visitors may see, fetched at once, and how blocks take one. */
  async publicMedia(site: Site, ids: readonly number[]) {
    const views = await this.media.publicViews(site, ids);
    const info = (id: number | null): MediaInfo | null => {
      const view = id === null ? undefined : views.get(id);
      return view ? mediaInfo(view) : null;
    };
    return { views, info };
  }

  /**
   * The entries the tree's list blocks show, fetched before rendering. A list of a type or term the
   * site does not have is empty. The first paged list follows `?page=N`.
   */
  async lists(site: Site, tree: readonly Block[], locale: string, page: number) {
    const byBlock = new Map<string, ListedEntries>();
    let paged: { page: number; pages: number } | null = null;
    for (const { blockId, query } of blockLists(tree)) {
      const pageOfList: number = query.paged && !paged ? page : 1;
      let found: { items: Listed; total: number } = { items: [], total: 0 };
      try {
        found = await this.content.published.latest(site, {
          type: query.type,
          limit: query.count,
          page: pageOfList,
          locale,
          order: query.order,
          count: query.paged,
          ...(query.term ? { term: query.term } : {}),
          ...(query.authorId ? { authorId: query.authorId } : {}),
        });
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
      }
      const pages = Math.max(1, Math.ceil(found.total / query.count));
      byBlock.set(blockId, { type: query.type, items: found.items, page: pageOfList, pages });
      if (query.paged && !paged) paged = { page: pageOfList, pages };
    }
    const mediaIds = [...byBlock.values()].flatMap((list) =>
      list.items.flatMap((entry) => (entry.featured_media_id === null ? [] : [entry.featured_media_id])),
    );
    return { byBlock, paged, mediaIds };
  }

  /**
   * The entries the lists show, and how many approved comments each has (none for those left out):
   * list blocks say it ("3 comments"), so what shows a list changes with a comment on any of them.
   */
  async listedComments(site: Site, lists: ReadonlyMap<string, ListedEntries>) {
    const listed = [...new Set([...lists.values()].flatMap((list) => list.items.map((entry) => entry.id)))];
    const commented =
      listed.length > 0
        ? await commentsOf(this.runtime).approvedCounts(visitorContext(this.runtime, site), listed)
        : new Map<number, number>();
    return { listed, commented };
  }

  /**
   * The HTML of the tree's plugin blocks, each rendered by its plugin (on the sites where it is
   * active), and the plugins whose blocks show: their pages carry `plugin:<name>`, which the
   * plugin's `blocks.purge` empties.
   */
  async pluginBlocks(site: Site, tree: readonly Block[], locale: string, canvas = false) {
    const { html, plugins, expiresAt } = await pluginsOf(this.runtime).renderBlocks(site, tree, {
      locale,
      canvas,
    });
    return {
      html: (blockId: string) => html.get(blockId),
      rendered: html,
      tags: [...plugins].map((plugin) => `plugin:${plugin}`),
      /** When a cached page showing them must be rendered again (a form's token), or null. */
      expiresAt,
    };
  }

  /** Where an entry sits, for breadcrumbs: its published ancestors, then itself. */
  async trail(site: Site, found: PublishedEntry): Promise<Array<{ label: string; url: string }>> {
    return [
      ...(await this.ancestors(site, found.row.live.parent_id)),
      { label: found.item.title, url: found.item.url },
    ];
  }

  /** The site's time zone, in which pages show dates. */
  async timeZone(site: Site): Promise<string> {
    return (await settingsOf(this.runtime, site, 'general')).time_zone;
  }

  /** The published ancestors of an entry, the farthest first (a tree is 12 levels deep at most). */
  private async ancestors(
    site: Site,
    parentId: number | null,
  ): Promise<Array<{ label: string; url: string }>> {
    const trail: Array<{ label: string; url: string }> = [];
    for (let id = parentId, depth = 0; id !== null && depth < 12; depth++) {
      const parent = await this.content.published.entry(site, id);
      if (!parent) break;
      trail.unshift({ label: parent.item.title, url: parent.item.url });
      id = parent.row.live.parent_id;
    }
    return trail;
  }
}

// Building an Intl.DateTimeFormat costs more than rendering a dozen blocks: one per locale and zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** How pages write a date in `locale`, seen from `timeZone`. */
export function dateFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
    if (dateFormats.size < 200) dateFormats.set(key, format);
  }
  return format;
}

/** What blocks know of a media item: its files, alt text and credit. */
export function mediaInfo(view: MediaView): MediaInfo {
  return {
    id: view.id,
    url: view.url,
    alt: view.alt_text,
    width: view.width,
    height: view.height,
    variants: view.variants,
    credit: view.credit
      ? {
          photographer: view.credit.photographer,
          profile_url: view.credit.profile_url,
          provider: view.credit.provider,
        }
      : null,
  };
}

/**
 * A list block's entries as blocks take them, their featured images given by `image`: looked up
 * for a page, their ids for the canvas.
 */
export function listOf<Image>(
  found: { items: Array<Omit<PublishedItem, 'terms'>>; page: number; pages: number },
  image: (id: number | null) => Image,
  comments?: ReadonlyMap<number, number>,
): Omit<BlockEntryList, 'items'> & { items: Array<Omit<EntryCard, 'image'> & { image: Image }> } {
  return {
    page: found.page,
    pages: found.pages,
    items: found.items.map((entry) => ({
      id: entry.id,
      title: entry.title,
      url: entry.url,
      excerpt: entry.excerpt,
      published_at: entry.published_at,
      author: entry.author,
      image: image(entry.featured_media_id),
      ...(comments?.has(entry.id) ? { comments: comments.get(entry.id) } : {}),
    })),
  };
}
