/** Tessera's block registry: definitions, tree validation, rendering. Knows nothing of the server. */
export {
  BLOCK_CATEGORIES,
  type Block,
  type BlockCategory,
  type BlockDefinition,
  type ChildrenRule,
  defineBlock,
} from './block.js';
export {
  BlockContext,
  type BlockEnvironment,
  emptyEnvironment,
  type MediaInfo,
  useBlockEnvironment,
} from './context.js';
export { type BlockMediaUse, blockMedia, mapBlockMedia } from './media.js';
export { type BlockTypeView, blockRegistry, registryView } from './registry.js';
export { renderTree, treeElements } from './render.js';
export { BREAKPOINTS, type Breakpoint, perBreakpoint, Responsive } from './responsive.js';
export {
  eachBlock,
  MAX_BLOCKS,
  MAX_DEPTH,
  newBlockId,
  type TreeErrors,
  type TreeValidation,
  validateTree,
} from './tree.js';
