import {
  type Block,
  type BlockEnvironment,
  blockMedia,
  RICHTEXT_IMAGE_CSS,
  renderBlocks,
  renderRichTextMedia,
  richTextMediaIds,
  treeElements,
} from '@tessera/blocks';
import { Fragment, createElement as h } from 'react';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import { authorNames } from '../identity/users/bylines.js';
import type { PageAnswer, PublicAnswer } from './answer.js';
import { type BlockData, dateFormat, listOf, type PublishedEntry } from './block-data.js';
import { blockScripts } from './block-scripts.js';
import { discussionOnPage } from './discussion-view.js';
import type { DocumentFrames } from './document-frame.js';
import { accessNotice, pageVerdict } from './entry-access.js';
import { entryHead, entryLanguages, headEntry } from './entry-head.js';
import type { PageVisit } from './page-router.js';
import type { SiteFrame } from './theme/layouts.js';
import { deviceOf, NO_COMMENTS_REQUEST, type PageRequest } from './visitor.js';

/** How an entry's page is shown: at its own address, as the home page, or as a preview of a draft. */
export interface EntryShown {
  /** Where the page says it lives: the entry's address, or the home page's for the front page. */
  canonicalPath: string;
  /** A draft as it will look: not indexed, no discussion, not reserved for members. */
  preview: boolean;
}

/**
 * An entry's page: its body, blocks (their lists, media and synced patterns), discussion, byline and
 * head, in the frame of its language; personal, private or right until a moment when what it shows
 * says so (a conditional block, the visitor's own pending comment, a reserved entry).
 */
export class EntryPages {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    private readonly blockData: BlockData,
    private readonly frames: DocumentFrames,
  ) {}

  /** The entry published at the visit's address, or where it moved to; null when there is none. */
  async atPath({ site, path, frame, origin, request }: PageVisit): Promise<PublicAnswer | null> {
    const found = await this.content.published.atPath(site, path);
    if (found?.kind === 'moved') return { status: 301, location: found.url };
    if (found?.kind === 'entry') return this.page(site, frame, origin, found, request);
    return null;
  }

  async page(
    site: Site,
    frame: SiteFrame,
    origin: string,
    found: PublishedEntry,
    request: PageRequest,
    shown: EntryShown = { canonicalPath: found.item.url, preview: false },
  ): Promise<PageAnswer> {
    const { type, row, item } = found;
    const { canonicalPath, preview } = shown;
    // Restricted by a plugin: a notice with the teaser to visitors who may not read it, the entry to
    // those who may; either is theirs alone, never shared nor kept in the page cache.
    const access = preview ? null : await pageVerdict(this.runtime, site, found, request);
    if (access && access.verdict !== 'read')
      return accessNotice(this.runtime, this.frames, site, frame, found, access.verdict, access.reader);
    const live = row.live;
    const featuredId = live.featured_media_id;
    const blocksTree = live.blocks as Block[];
    const { patternIds, placed, shown: shownBlocks } = await this.blockData.placedPatterns(site, blocksTree);
    const lists = await this.blockData.lists(site, shownBlocks, row.locale, request.page);
    const fromPlugins = await this.blockData.pluginBlocks(site, shownBlocks, row.locale);
    const paged = lists.paged;
    // `?page=N` exists only for a page whose paged list has that many pages.
    if (request.page > 1 && (!paged || request.page > paged.pages)) return this.frames.notFound(site, frame);
    const asked = request.comments ?? NO_COMMENTS_REQUEST;
    const discussion = preview
      ? null
      : await discussionOnPage(
          this.runtime,
          site,
          { id: row.id, type: type.slug, published_at: row.published_at },
          canonicalPath,
          asked,
          frame.strings,
          await this.blockData.timeZone(site),
          row.locale,
        );
    // `?comments_page=N` exists only for an entry whose thread has that many pages.
    if (discussion === 'missing' || (discussion === null && asked.page > 1))
      return this.frames.notFound(site, frame);
    // Every media item the page shows, fetched at once: the featured image, the images of the body
    // and of the blocks, and the listed entries' featured images.
    const content = typeof live.fields.content === 'string' ? live.fields.content : '';
    const { views: media, info } = await this.blockData.publicMedia(site, [
      ...(featuredId === null ? [] : [featuredId]),
      ...richTextMediaIds(content),
      ...blockMedia(shownBlocks).map((use) => use.mediaId),
      ...lists.mediaIds,
    ]);
    const featured = featuredId === null ? null : (media.get(featuredId) ?? null);
    const date = dateFormat(frame.lang, await this.blockData.timeZone(site));
    // The list blocks say how many comments each entry has, so a comment on one changes this page.
    const { listed, commented } = await this.blockData.listedComments(site, lists.byBlock);
    const varies: { personal: boolean; until: number | null } = { personal: false, until: null };
    const trail = await this.blockData.trail(site, found);
    const environment: BlockEnvironment = {
      pageUrl: `${origin}${canonicalPath}`,
      site: { name: frame.siteTitle, logoUrl: frame.logoUrl, homeUrl: frame.homeUrl },
      trail,
      media: info,
      pattern: (id) => {
        const tree = placed.get(id);
        return tree ? treeElements(tree) : null;
      },
      list: (blockId) => {
        const list = lists.byBlock.get(blockId);
        return list && listOf(list, info, commented);
      },
      formatDate: (iso) => date.format(new Date(iso)),
      pluginHtml: fromPlugins.html,
      formatCommentCount: frame.strings.discussion.count,
      menus: frame.menus,
      currentPath: canonicalPath,
      entryId: row.id,
      formAction: (blockId) => `/_forms/${row.id}/${blockId}`,
      formState: (blockId) => (request.form?.blockId === blockId ? request.form.state : undefined),
      ...(paged
        ? {
            paging: {
              page: paged.page,
              pages: paged.pages,
              href: (n: number) => (n === 1 ? canonicalPath : `${canonicalPath}?page=${n}`),
            },
          }
        : {}),
      visitor: {
        signedIn: request.signedIn,
        locale: row.locale,
        device: deviceOf(request.userAgent),
        now: new Date().toISOString(),
        varies: (why) => {
          if ('personal' in why) varies.personal = true;
          else varies.until = Math.min(varies.until ?? Number.POSITIVE_INFINITY, Date.parse(why.until));
        },
      },
    };
    const dated = type.slug === 'post' || type.route_pattern.includes('{yyyy}');
    const authorId = live.author_id;
    // Named in a dated entry's byline, and told to a plugin's `page.head` filter: looked up only then.
    const author =
      authorId === null || !(dated || this.runtime.hooks.hasCallbacks('page.head'))
        ? null
        : ((await authorNames(this.runtime.data, [authorId])).get(authorId) ?? null);
    const byline = dated ? this.byline(found, frame, date, author) : null;
    const html = renderRichTextMedia(content, info);
    const blocks = renderBlocks(blocksTree, environment);
    // In a site of several languages: the switcher and hreflang point to the entry's translations,
    // and to a language's home where it has none.
    const translations =
      frame.languages.length > 1 ? await this.content.published.translations(site, row.id) : [];
    const { languages, translated } = entryLanguages(frame.languages, translations, row.locale);
    const head = entryHead(found, {
      origin,
      canonicalPath,
      listPage: request.page,
      dated,
      preview,
      featured,
      translated,
      defaultLocale: site.default_locale,
    });
    const answer = await this.frames.framePage(
      site,
      { ...frame, lang: row.locale, languages },
      {
        kind: canonicalPath === frame.homeUrl ? 'home' : 'entry',
        entry: headEntry(found, { author, trail, html: `${html}${blocks.html}` }),
        status: 200,
        head,
        body: h(
          Fragment,
          null,
          h(
            frame.layouts.types[type.slug] ??
              (type.slug === 'page' ? frame.layouts.page : frame.layouts.entry),
            {
              type: type.slug,
              title: item.title,
              byline,
              featured,
              html,
              blocksHtml: blocks.html,
              strings: frame.strings,
            },
          ),
          discussion ? h(frame.layouts.discussion, discussion.props) : null,
        ),
        tags: [
          `entry:${row.id}`,
          ...[...media.keys()].map((id) => `media:${id}`),
          // In a tree, the address depends on the ancestors' slugs too.
          ...(type.hierarchical ? [`tree:${type.slug}`] : []),
          ...patternIds.map((id) => `pattern:${id}`),
          // A translation published later must appear in the switcher and hreflang: any change to
          // an entry of this type in a site of several languages re-renders the page.
          ...(frame.languages.length > 1 ? [`list:${type.slug}`] : []),
          // A list shows the latest of its type: any change to one of them may change it.
          ...[...new Set([...lists.byBlock.values()].map((list) => `list:${list.type}`))],
          ...listed.map((id) => `entry:${id}`),
          ...fromPlugins.tags,
        ],
        assets: {
          css: html === content ? blocks.css : `${blocks.css}\n${RICHTEXT_IMAGE_CSS}`,
          scripts: blocks.scripts.flatMap((name) => {
            const script = blockScripts.get(name);
            return script ? [script] : [];
          }),
        },
      },
    );
    if (answer.status !== 200) return answer;
    const own = discussion?.own === true;
    const until = Math.min(
      varies.until ?? Number.POSITIVE_INFINITY,
      discussion?.until ?? Number.POSITIVE_INFINITY,
      fromPlugins.expiresAt ?? Number.POSITIVE_INFINITY,
      answer.expiresAt ?? Number.POSITIVE_INFINITY,
    );
    return {
      ...answer,
      ...(varies.personal || access?.restricted || own ? { personal: true } : {}),
      ...(own ? { noStore: true } : {}),
      ...(Number.isFinite(until) ? { expiresAt: until } : {}),
    };
  }

  /** A dated entry's publication date and author, as its page writes them. */
  private byline(
    found: PublishedEntry,
    frame: SiteFrame,
    date: Intl.DateTimeFormat,
    author: string | null,
  ): string {
    const published = date.format(new Date(found.row.published_at));
    return [frame.strings.published(published), author ? frame.strings.by(author) : '']
      .filter(Boolean)
      .join(' · ');
  }
}
