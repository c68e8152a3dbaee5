/** Tessera's block registry: definitions, tree validation, rendering. Knows nothing of the server. */
export {
  BLOCK_CATEGORIES,
  type Block,
  type BlockCategory,
  type BlockDefinition,
  type ChildrenRule,
  defineBlock,
} from './block.js';
export { embedOf } from './blocks/embeds.js';
export { FIELD_MAX_LENGTH, type FormField, HONEYPOT } from './blocks/form.js';
export { ICON_NAMES, type IconName } from './blocks/icon-set.js';
export { MenuTree } from './blocks/menu.js';
export { NEWSLETTER_SUBSCRIBE_PATH } from './blocks/newsletter.js';
export {
  BlockContext,
  type BlockEnvironment,
  classes,
  type EntryCard,
  type EntryList,
  emptyEnvironment,
  type FormState,
  type ListQuery,
  type MediaInfo,
  type MenuLink,
  useBlockEnvironment,
  useBlockScript,
  useBlockStyle,
  type Visitor,
} from './context.js';
export { BlockNode, treeElements } from './elements.js';
export { EMAIL_BLOCK_TYPES } from './email.js';
export { blockLists } from './lists.js';
export { type BlockMediaUse, blockMedia, mapBlockMedia } from './media.js';
export {
  BREAKPOINT_MIN_WIDTH,
  BREAKPOINT_RANGES,
  type BreakpointDeclarations,
  type Declarations,
  mergeDeclarations,
  PageAssets,
  responsiveDeclarations,
} from './page-assets.js';
export {
  ANY_PLUGIN_BLOCK,
  dormantBlockDefinition,
  PLUGIN_CHILDREN_MARK,
  type PluginBlockShape,
  pluginAreaOf,
  pluginBlockDefinition,
} from './plugin-blocks.js';
export { type BlockTypeView, blockRegistry, registryView } from './registry.js';
export { type RenderedBlocks, renderBlocks, renderTree } from './render.js';
export { BREAKPOINTS, type Breakpoint, perBreakpoint, Responsive } from './responsive.js';
export {
  mapRichTextMedia,
  RICHTEXT_IMAGE_CSS,
  renderRichTextMedia,
  richTextMediaIds,
} from './richtext-media.js';
export { BLOCK_SCRIPTS, blockScriptSource } from './scripts.js';
export {
  eachBlock,
  MAX_BLOCKS,
  MAX_DEPTH,
  newBlockId,
  type TreeErrors,
  type TreeValidation,
  validateTree,
} from './tree.js';
