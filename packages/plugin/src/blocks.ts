import type { Static, TObject } from '@sinclair/typebox';
import type { PluginOperation } from './operation.js';

/** The builder's palette sections. */
export type BlockCategory = 'layout' | 'content' | 'media' | 'navigation' | 'data' | 'dynamic';

/** Where and for whom a block renders. */
export interface BlockRenderContext {
  /** An operation on the page's site, acting as a visitor: read your tables with `plugin.db(ctx)`. */
  operation: PluginOperation;
  /** The page's language. */
  locale: string;
  /** The block's id in its tree (stable across saves). */
  blockId: string;
  /** True on the builder's canvas, where forms cannot be sent and links should not lead away. */
  canvas: boolean;
  /**
   * The hidden input a form of yours carries to a `plugin.pages.post` declaring `form: name`. Its
   * token is good for two hours: a page showing it is kept by the page cache for one hour at most,
   * then rendered again with a fresh one.
   */
  formField(form: string): SafeHtml;
}

/**
 * A block type of the plugin, for the page builder and the site: its props are validated on save
 * like the core's blocks, and it renders on the server to HTML, on the site and on the builder's
 * canvas alike.
 */
export interface PluginBlockDefinition<S extends TObject = TObject> {
  /** `<area>.<name>` (`shop.product_grid`): a-z, 0-9 and _ after the dot. */
  type: string;
  label: string;
  category: BlockCategory;
  /** An icon of the block icon set (`cart`, `star`, `mail`...). */
  icon: string;
  /** Its props, a TypeBox object with defaults; checked on save (422 by path under `props`). */
  props: S;
  /** What children it takes: none (the default), any block, or the listed types. */
  children?: 'none' | 'any' | readonly string[];
  /**
   * Its HTML. Escape what people wrote: build it with `html` from `@tessera/plugin`, which escapes
   * every value it is given. A block that takes children marks where they go with
   * `<!--children-->` (they follow the HTML otherwise). It runs when a page renders: a page the
   * cache keeps shows it as it was then, until `plugin.blocks.purge(ctx)`.
   */
  render(props: Static<S>, context: BlockRenderContext): string | SafeHtml | Promise<string | SafeHtml>;
}

export interface PluginBlocks {
  define<S extends TObject>(definition: PluginBlockDefinition<S>): void;
  /**
   * Empties the page cache of the operation's site where pages show this plugin's blocks, once the
   * operation commits: call it when what they show changes (a new guestbook entry, a price).
   */
  purge(ctx: PluginOperation): void;
}

/** HTML built by `html`: placed as it is, never escaped again. */
export interface SafeHtml {
  readonly html: string;
  toString(): string;
}
