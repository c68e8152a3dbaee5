/**
 * The registry as a browser renders it (the builder's canvas): everything of index.ts but the
 * server's rendering to HTML, so react-dom/server stays out of the admin's bundle.
 */

export type { Block } from './block.js';
export {
  BlockContext,
  type BlockEnvironment,
  type EntryCard,
  type EntryList,
  type MediaInfo,
  type MenuLink,
} from './context.js';
export { BlockNode, treeElements } from './elements.js';
export { blockLists } from './lists.js';
export { blockMedia } from './media.js';
export { BREAKPOINT_MIN_WIDTH, BREAKPOINT_RANGES, PageAssets } from './page-assets.js';
export {
  ANY_PLUGIN_BLOCK,
  dormantBlockDefinition,
  PLUGIN_CHILDREN_MARK,
  type PluginBlockShape,
  pluginAreaOf,
  pluginBlockDefinition,
} from './plugin-blocks.js';
export { blockRegistry } from './registry.js';
export type { Breakpoint } from './responsive.js';
