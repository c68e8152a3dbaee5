import {
  ANY_PLUGIN_BLOCK,
  type Block,
  BlockNode,
  blockRegistry,
  pluginAreaOf,
} from '@tessera/blocks/browser';
import { memo } from 'react';

/** The editor's words inside the canvas: given once, the same object while the language stays. */
export interface CanvasWords {
  /** In an empty container: where blocks can be dropped. */
  dropHere: string;
  /** For a block showing nothing yet (an image without media, a menu without links). */
  nothingYet: (type: string) => string;
  /** For a plugin's block the site does not render: its plugin is not active here. */
  pluginAsleep: (plugin: string) => string;
  /** Whether a plugin's block type is one of the site's (its plugin active). */
  offered: (type: string) => boolean;
  /** Whether a plugin's block type takes children (the registry in the browser knows only the core's). */
  takesChildren: (type: string) => boolean;
}

/**
 * The tree as the site renders it (packages/blocks' own components, through BlockNode), each block's
 * root marked with its id for the editor to find. Each block is memoized on its object: the tree is
 * immutable, so an edit re-renders the edited block and its ancestors, never the other 499.
 */
export const CanvasBlocks = memo(function CanvasBlocks(props: {
  blocks: readonly Block[];
  words: CanvasWords;
}) {
  return (
    <>
      {props.blocks.map((block) => (
        <CanvasNode key={block.id} block={block} words={props.words} />
      ))}
    </>
  );
});

const CanvasNode = memo(function CanvasNode(props: { block: Block; words: CanvasWords }) {
  const { block, words } = props;
  const plugin = pluginAreaOf(block.type);
  // A plugin's block shows the HTML its plugin rendered on the server (the canvas data).
  const definition = blockRegistry.get(block.type) ?? (plugin === null ? undefined : ANY_PLUGIN_BLOCK);
  if (!definition)
    return (
      <div data-block-id={block.id} className="tb-canvas-unknown">
        {block.type}
      </div>
    );
  const takes = plugin === null ? definition.children !== 'none' : words.takesChildren(block.type);
  const children =
    block.children && block.children.length > 0 ? (
      <CanvasBlocks blocks={block.children} words={words} />
    ) : takes ? (
      // An empty container takes a drop: it shows where, in the editor only.
      <div className="tb-canvas-empty">{words.dropHere}</div>
    ) : undefined;
  // Called, not placed as an element: what it renders is known here, and a block that renders
  // nothing on the site (an image without media) still has something to select on the canvas.
  const element = BlockNode({ definition, block, children, attributes: { 'data-block-id': block.id } });
  return (
    element ?? (
      <div data-block-id={block.id} className="tb-canvas-nothing">
        {plugin !== null && !words.offered(block.type)
          ? words.pluginAsleep(plugin)
          : words.nothingYet(block.type)}
      </div>
    )
  );
});
