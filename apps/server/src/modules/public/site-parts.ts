import { type Block, blockMedia, PageAssets, renderBlocks, treeElements } from '@tessera/blocks';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { sectionsOf, siteMenusOf, widgetsOf } from '../navigation/module.js';
import type { WidgetVisibility } from '../navigation/widgets/visibility.js';
import { settingsOf } from '../settings/service.js';
import { type BlockData, dateFormat, listOf } from './block-data.js';
import type { RenderedBlocks } from './theme/layouts.js';
import { stringsFor } from './theme/strings.js';

/** A widget rendered for the public site, with where it shows. */
interface RenderedWidget extends RenderedBlocks {
  zone: string;
  visibility: WidgetVisibility;
}

/** What a site shows around every page's content beside the theme's own: widgets, header, footer. */
export interface RenderedSiteParts {
  widgets: RenderedWidget[];
  sections: Partial<Record<'header' | 'footer', RenderedBlocks>>;
}

/**
 * What the `widgets` cache forgets: a site's parts (its id), or only when they show one of `tags`
 * (an entry whose count of comments a list of theirs says).
 */
export type SitePartsKey = number | { siteId: number; tags: readonly string[] };

/**
 * Each site's widgets and published header and footer sections, rendered once (their media,
 * lists, menus and synced patterns included) until one of them changes: they show on every page,
 * and rendering them for each would cost every uncached page as much again.
 */
export class SiteParts {
  private readonly parts = new Map<number, Promise<RenderedSiteParts>>();
  /** The tags of what each site's rendered parts show, once rendered. */
  private readonly shown = new Map<number, ReadonlySet<string>>();

  constructor(
    private readonly runtime: Runtime,
    private readonly blockData: BlockData,
  ) {
    runtime.caches.register(
      'widgets',
      () => {
        this.parts.clear();
        this.shown.clear();
      },
      (key) => this.forget(key as SitePartsKey),
    );
  }

  async of(site: Site): Promise<RenderedSiteParts> {
    const kept = this.parts.get(site.id);
    if (kept && expired(await kept, Date.now())) this.drop(site.id);
    return this.rendered(site);
  }

  private rendered(site: Site): Promise<RenderedSiteParts> {
    let rendered = this.parts.get(site.id);
    if (!rendered) {
      const current = this.render(site).then(
        (parts) => {
          if (this.parts.get(site.id) === current) this.shown.set(site.id, tagsOf(parts));
          return parts;
        },
        (error) => {
          this.drop(site.id);
          throw error;
        },
      );
      rendered = current;
      if (this.parts.size < 10_000) this.parts.set(site.id, rendered);
    }
    return rendered;
  }

  /** Drops a site's parts, or only when they show one of the key's tags (or are still rendering). */
  private forget(key: SitePartsKey): void {
    if (typeof key === 'number') this.drop(key);
    else if (this.parts.has(key.siteId)) {
      const shown = this.shown.get(key.siteId);
      // Still rendering: it may have read the count before the change.
      if (!shown || key.tags.some((tag) => shown.has(tag))) this.drop(key.siteId);
    }
  }

  private drop(siteId: number): void {
    this.parts.delete(siteId);
    this.shown.delete(siteId);
  }

  private async render(site: Site): Promise<RenderedSiteParts> {
    const [widgets, sections] = await Promise.all([
      widgetsOf(this.runtime).forSite(site),
      sectionsOf(this.runtime).publishedFor(site),
    ]);
    const parts: RenderedSiteParts = { widgets: [], sections: {} };
    if (widgets.length === 0 && sections.length === 0) return parts;
    for (const row of widgets)
      parts.widgets.push({
        zone: row.zone,
        visibility: row.visibility,
        // Each widget's classes of its own: they share the page's stylesheet with its blocks'.
        ...(await this.renderPart(site, [row.block], `w${row.id}-`)),
      });
    for (const section of sections)
      parts.sections[section.area] = await this.renderPart(site, section.blocks, `${section.area[0]}-`);
    return parts;
  }

  /** Blocks shown on every page of a site (a widget, a section), with what they depend on. */
  private async renderPart(site: Site, tree: Block[], classPrefix: string): Promise<RenderedBlocks> {
    const date = dateFormat(site.default_locale, await this.blockData.timeZone(site));
    const { placed, shown } = await this.blockData.placedPatterns(site, tree);
    const lists = await this.blockData.lists(site, shown, site.default_locale, 1);
    const { listed, commented } = await this.blockData.listedComments(site, lists.byBlock);
    const fromPlugins = await this.blockData.pluginBlocks(site, shown, site.default_locale);
    const { views: media, info } = await this.blockData.publicMedia(site, [
      ...blockMedia(shown).map((use) => use.mediaId),
      ...lists.mediaIds,
    ]);
    const general = await settingsOf(this.runtime, site, 'general');
    const menus = await siteMenusOf(this.runtime).forSite(site);
    const blocks = renderBlocks(tree, {
      site: {
        // The site's own name: the white-label name is the admin's (system) name, not the site's.
        name: general.title || site.name,
        logoUrl: site.branding.logo_url,
        homeUrl: '/',
      },
      media: info,
      pattern: (id) => {
        const placedTree = placed.get(id);
        return placedTree ? treeElements(placedTree) : null;
      },
      list: (blockId) => {
        const found = lists.byBlock.get(blockId);
        return found && listOf(found, info, commented);
      },
      formatDate: (iso) => date.format(new Date(iso)),
      formatCommentCount: stringsFor(site.default_locale).discussion.count,
      pluginHtml: fromPlugins.html,
      menus: menus.byLocation,
      assets: new PageAssets(classPrefix),
    });
    return {
      html: blocks.html,
      css: blocks.css,
      scripts: blocks.scripts,
      tags: [
        ...[...lists.byBlock.values()].map((list) => `list:${list.type}`),
        // Its lists say how many comments each entry has: a comment on one changes the part.
        ...listed.map((id) => `entry:${id}`),
        ...[...media.keys()].map((id) => `media:${id}`),
        ...[...placed.keys()].map((id) => `pattern:${id}`),
        ...fromPlugins.tags,
      ],
      ...(fromPlugins.expiresAt === null ? {} : { expiresAt: fromPlugins.expiresAt }),
    };
  }
}

/** The tags of all a site's parts show. */
function tagsOf(parts: RenderedSiteParts): ReadonlySet<string> {
  return new Set([...parts.widgets, ...Object.values(parts.sections)].flatMap((part) => part?.tags ?? []));
}

/** Whether a part shows something that has stopped being right by itself (a form's token). */
function expired(parts: RenderedSiteParts, now: number): boolean {
  return [...parts.widgets, ...Object.values(parts.sections)].some(
    (part) => part?.expiresAt !== undefined && part.expiresAt <= now,
  );
}
