import { type Block, blockMedia, PageAssets, renderBlocks, treeElements } from '@tessera/blocks';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { sectionsOf, siteMenusOf, widgetsOf } from '../navigation/module.js';
import type { WidgetVisibility } from '../navigation/widgets/visibility.js';
import { settingsOf } from '../settings/service.js';
import { type BlockData, dateFormat, listOf } from './block-data.js';
import type { RenderedBlocks } from './theme/layouts.js';

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
 * Each site's widgets and published header and footer sections, rendered once (their media,
 * lists, menus and synced patterns included) until one of them changes: they show on every page,
 * and rendering them for each would cost every uncached page as much again.
 */
export class SiteParts {
  private readonly parts = new Map<number, Promise<RenderedSiteParts>>();

  constructor(
    private readonly runtime: Runtime,
    private readonly blockData: BlockData,
  ) {
    runtime.caches.register(
      'widgets',
      () => this.parts.clear(),
      (siteId) => this.parts.delete(siteId as number),
    );
  }

  async of(site: Site): Promise<RenderedSiteParts> {
    const kept = this.parts.get(site.id);
    if (kept && expired(await kept, Date.now())) this.parts.delete(site.id);
    return this.rendered(site);
  }

  private rendered(site: Site): Promise<RenderedSiteParts> {
    let rendered = this.parts.get(site.id);
    if (!rendered) {
      rendered = this.render(site).catch((error) => {
        this.parts.delete(site.id);
        throw error;
      });
      if (this.parts.size < 10_000) this.parts.set(site.id, rendered);
    }
    return rendered;
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
        return found && listOf(found, info);
      },
      formatDate: (iso) => date.format(new Date(iso)),
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
        ...[...media.keys()].map((id) => `media:${id}`),
        ...[...placed.keys()].map((id) => `pattern:${id}`),
        ...fromPlugins.tags,
      ],
      ...(fromPlugins.expiresAt === null ? {} : { expiresAt: fromPlugins.expiresAt }),
    };
  }
}

/** Whether a part shows something that has stopped being right by itself (a form's token). */
function expired(parts: RenderedSiteParts, now: number): boolean {
  return [...parts.widgets, ...Object.values(parts.sections)].some(
    (part) => part?.expiresAt !== undefined && part.expiresAt <= now,
  );
}
