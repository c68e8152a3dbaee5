import { type Block, blockMedia } from '@tessera/blocks';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { settingsOf } from '../settings/service.js';
import { type BlockData, listOf, mediaInfo, type PublishedEntry } from './block-data.js';
import type { Canvas } from './canvas.js';
import { requireCanvasListsWithin } from './canvas-work.js';
import { type DesignPreview, previewTokens, tokensCss, withThemeTokens } from './design-tokens.js';
import type { DocumentFrames } from './document-frame.js';
import type { ThemeRegistry } from './themes/registry.js';

/** What the canvas is asked to show around a tree: its language, its entry, tokens being edited. */
export interface CanvasOptions {
  locale?: string;
  /** The entry being edited (its working copy), for the breadcrumb trail. */
  entry?: PublishedEntry | null;
  /** Tokens being edited: the canvas shows them instead of the saved ones. */
  design?: DesignPreview;
}

/**
 * What the builder's canvas renders a tree with before it is saved: the data a page's blocks ask
 * their environment for, as visitors would see it, and the look of the site around them, from the
 * same frame and block data as the site's own pages.
 */
export class CanvasView {
  constructor(
    private readonly runtime: Runtime,
    private readonly themes: ThemeRegistry,
    private readonly blockData: BlockData,
    private readonly frames: DocumentFrames,
  ) {}

  async of(site: Site, tree: readonly Block[], options: CanvasOptions = {}): Promise<Canvas> {
    const { locale, entry, design } = options;
    const lang = locale !== undefined && site.locales.includes(locale) ? locale : site.default_locale;
    // The canvas is shown in the admin, never framed as a page: its origin is the installation's.
    const frame = await this.frames.frameOf(site, new URL(this.runtime.config.publicUrl).origin, lang);
    const tokens = design
      ? tokensCss(
          withThemeTokens(
            previewTokens(await settingsOf(this.runtime, site, 'design'), design),
            (await this.themes.forSite(site)).manifest.designTokens,
          ),
          site.branding,
        )
      : frame.tokens;
    const { placed, shown } = await this.blockData.placedPatterns(site, tree);
    requireCanvasListsWithin(shown);
    const lists = await this.blockData.lists(site, shown, lang, 1);
    const { commented } = await this.blockData.listedComments(site, lists.byBlock);
    const fromPlugins = await this.blockData.pluginBlocks(site, shown, lang, true);
    const { views } = await this.blockData.publicMedia(site, [
      ...blockMedia(shown).map((use) => use.mediaId),
      ...lists.mediaIds,
    ]);
    // A featured image by its id in `media`; none when visitors may not see it.
    const shownImage = (id: number | null) => (id !== null && views.has(id) ? id : null);
    return {
      stylesheet: frame.stylesheet,
      tokens,
      lang,
      time_zone: await this.blockData.timeZone(site),
      site: { name: frame.siteTitle, logo_url: frame.logoUrl, home_url: frame.homeUrl },
      trail: entry ? await this.blockData.trail(site, entry) : [],
      media: [...views.values()].map(mediaInfo),
      lists: Object.fromEntries(
        [...lists.byBlock].map(([blockId, list]) => [blockId, listOf(list, shownImage, commented)]),
      ),
      patterns: Object.fromEntries(placed),
      plugin_blocks: Object.fromEntries(fromPlugins.rendered),
      menus: Object.fromEntries(
        Object.entries(frame.menus).map(([location, links]) => [location, [...links]]),
      ),
      // Words the admin cannot know: the site's, in the canvas's language, as its pages write them.
      comment_counts: Object.fromEntries(
        [...new Set(commented.values())].map((count) => [
          String(count),
          frame.strings.discussion.count(count),
        ]),
      ),
    };
  }
}
