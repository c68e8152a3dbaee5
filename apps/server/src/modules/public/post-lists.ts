import { createElement as h } from 'react';
import { NotFound } from '../../core/errors.js';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { commentsOf } from '../comments/module.js';
import type { Content } from '../content/content.js';
import { settingsOf } from '../settings/service.js';
import type { PageAnswer, PublicAnswer } from './answer.js';
import { type BlockData, dateFormat } from './block-data.js';
import type { DocumentFrames } from './document-frame.js';
import { alternatesOf } from './entry-head.js';
import type { EntryPages } from './entry-page.js';
import type { PageVisit } from './page-router.js';
import type { SiteFrame } from './theme/layouts.js';

/** The addresses of post lists: `/page/2`, `/category/news`, `/tag/rust/page/3`. */
export const LISTING = /^(?:\/(category|tag)\/([a-z0-9][a-z0-9-]*))?(?:\/page\/([1-9][0-9]{0,5}))?\/?$/;

/**
 * The home page (the site's front page, or its latest posts) and the lists of posts, a page at a
 * time: the latest posts' later pages, a category's or a tag's.
 */
export class PostLists {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    private readonly blockData: BlockData,
    private readonly frames: DocumentFrames,
    private readonly entries: EntryPages,
  ) {}

  async home({ site, frame, origin, request }: PageVisit): Promise<PublicAnswer> {
    const reading = await settingsOf(this.runtime, site, 'reading');
    if (reading.show_on_front === 'page' && reading.front_page_id !== null) {
      // In another language, the front page's translation into it, when there is one.
      const translated =
        frame.lang === site.default_locale
          ? reading.front_page_id
          : (await this.content.published.translations(site, reading.front_page_id)).find(
              (translation) => translation.locale === frame.lang,
            )?.id;
      const front = translated === undefined ? null : await this.content.published.entry(site, translated);
      if (front)
        return this.entries.page(site, frame, origin, front, request, {
          canonicalPath: frame.homeUrl,
          preview: false,
        });
    }
    // The latest posts page at /page/N.
    if (request.page > 1) return { status: 301, location: `${frame.prefix}/page/${request.page}` };
    return this.postList(site, frame, origin, { page: 1 });
  }

  /**
   * A list at one of its LISTING addresses; null for the latest posts' later pages on a site whose
   * front page is a page, where an entry may live instead.
   */
  async listing(
    { site, frame, origin }: PageVisit,
    [taxonomy, slug, number]: ReadonlyArray<string | undefined>,
  ): Promise<PublicAnswer | null> {
    const page = number === undefined ? 1 : Number(number);
    const base = taxonomy ? `${frame.prefix}/${taxonomy}/${slug}` : '';
    // Page 1 has one address: the list's own.
    if (page === 1 && number !== undefined) return { status: 301, location: base || frame.homeUrl };
    if (taxonomy === undefined && page > 1) {
      const reading = await settingsOf(this.runtime, site, 'reading');
      if (reading.show_on_front === 'posts') return this.postList(site, frame, origin, { page });
    } else if (taxonomy && slug)
      return this.postList(site, frame, origin, { page, term: { taxonomy, slug } });
    return null;
  }

  /** Latest posts, a page at a time: the home page, its later pages, a category's or a tag's. */
  private async postList(
    site: Site,
    frame: SiteFrame,
    origin: string,
    which: { page: number; term?: { taxonomy: string; slug: string } },
  ): Promise<PageAnswer> {
    const reading = await settingsOf(this.runtime, site, 'reading');
    const limit = reading.posts_per_page;
    let listed: Awaited<ReturnType<Content['published']['latest']>>;
    try {
      listed = await this.content.published.latest(site, {
        type: 'post',
        limit,
        page: which.page,
        locale: frame.lang,
        ...(which.term ? { term: which.term } : {}),
      });
    } catch (error) {
      if (error instanceof NotFound) return this.frames.notFound(site, frame);
      throw error;
    }
    const { items, term, total } = listed;
    const pages = Math.max(1, Math.ceil(total / limit));
    if (which.page > pages) return this.frames.notFound(site, frame);
    const base = term ? `${frame.prefix}/${term.taxonomy}/${term.slug}` : frame.prefix;
    const at = (page: number) => (page === 1 ? (term ? base : frame.homeUrl) : `${base}/page/${page}`);
    const newer = which.page > 1 ? at(which.page - 1) : null;
    const older = which.page < pages ? at(which.page + 1) : null;
    const date = dateFormat(frame.lang, await this.blockData.timeZone(site));
    const commented = await commentsOf(this.runtime).approvedCounts(
      visitorContext(this.runtime, site),
      items.map((item) => item.id),
    );
    const list = h(term ? frame.layouts.term : frame.layouts.archive, {
      heading: term ? frame.strings.archive(term.taxonomy, term.name) : null,
      strings: frame.strings,
      paging: { page: which.page, pages, newer, older },
      items: items.map((item) => ({
        title: item.title,
        url: item.url,
        excerpt: item.excerpt,
        meta: [
          frame.strings.published(date.format(new Date(item.published_at))),
          item.author ? frame.strings.by(item.author) : '',
        ]
          .filter(Boolean)
          .join(' · '),
        ...(commented.has(item.id)
          ? {
              comments: {
                label: frame.strings.discussion.count(commented.get(item.id) ?? 0),
                url: `${item.url}#comments`,
              },
            }
          : {}),
      })),
    });
    const title = term ? frame.strings.archive(term.taxonomy, term.name) : '';
    // Terms are shared by the site's languages: a category's archive exists in each of them, and
    // the switcher and hreflang point there rather than to each language's home.
    const languages =
      term && which.page === 1
        ? frame.languages.map((language) => ({
            ...language,
            url: `${language.locale === site.default_locale ? '' : `/${language.locale}`}/${term.taxonomy}/${term.slug}`,
          }))
        : frame.languages;
    return this.frames.framePage(
      site,
      { ...frame, languages },
      {
        // The latest posts' first page is the home page.
        kind: term || which.page > 1 ? 'list' : 'home',
        entry: null,
        status: 200,
        head: {
          title:
            which.page > 1
              ? `${title || frame.siteTitle} – ${frame.strings.pageOf(which.page, pages)}`
              : title,
          description: term
            ? frame.strings.archiveDescription(term.taxonomy, term.name, frame.siteTitle)
            : frame.tagline || frame.strings.archiveDescription(null, '', frame.siteTitle),
          canonical: `${origin}${at(which.page)}`,
          type: 'website',
          image: null,
          prev: newer ? `${origin}${newer}` : null,
          next: older ? `${origin}${older}` : null,
          // The latest posts have a home in each language, and each archive a version in each.
          ...(which.page === 1 && languages.length > 1
            ? { alternates: alternatesOf(origin, languages, site.default_locale) }
            : {}),
        },
        body: list,
        tags: ['list:post', ...items.map((item) => `entry:${item.id}`)],
      },
    );
  }
}
