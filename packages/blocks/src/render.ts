import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block, BlockDefinition } from './block.js';
import {
  BlockContext,
  type BlockEnvironment,
  classes,
  emptyEnvironment,
  useBlockEnvironment,
} from './context.js';
import { PageAssets } from './page-assets.js';
import { blockRegistry } from './registry.js';
import { hiddenAt, type Visibility } from './visibility.js';

/** A block tree as React elements; blocks of unknown types render nothing. */
export function treeElements(tree: readonly Block[]): ReactElement {
  return createElement(
    Fragment,
    null,
    ...tree.map((block) => {
      const definition = blockRegistry.get(block.type);
      if (!definition) return null;
      const children = block.children && block.children.length > 0 ? treeElements(block.children) : undefined;
      return createElement(BlockNode, { key: block.id, definition, block, children });
    }),
  );
}

/**
 * One block: its component's element, with the classes every block may carry added to its root: the
 * theme's style variation and the hiding of a block per breakpoint. A component whose root is not
 * an element (a fragment, a list) gets a wrapper to carry them.
 */
function BlockNode(props: {
  definition: BlockDefinition;
  block: Block;
  children?: ReactNode;
}): ReactElement | null {
  const { definition, block } = props;
  const element = definition.component({ block, props: block.props as never, children: props.children });
  const assets = useBlockEnvironment().assets;
  const visibility = block.props.visibility as Visibility | undefined;
  const variation = block.props.variation as string | undefined;
  const extra = classes(
    variation && `tb-is-${variation}`,
    visibility && assets?.hiddenClass(hiddenAt(visibility)),
  );
  if (!extra || !element) return element;
  if (typeof element.type === 'string') {
    const own = (element.props as { className?: string }).className;
    return cloneElement(element as ReactElement<{ className?: string }>, { className: classes(own, extra) });
  }
  return createElement('div', { className: extra }, element);
}

/** A rendered tree: its HTML, the page's block stylesheet, and the scripts its interactive blocks need. */
export interface RenderedBlocks {
  html: string;
  css: string;
  scripts: string[];
}

/** The tree as static HTML (server rendering), in an environment that answers the blocks' questions. */
export function renderBlocks(
  tree: readonly Block[],
  environment: BlockEnvironment = emptyEnvironment,
): RenderedBlocks {
  const assets = environment.assets ?? new PageAssets();
  const html = renderToStaticMarkup(
    createElement(BlockContext.Provider, { value: { ...environment, assets } }, treeElements(tree)),
  );
  return { html, css: assets.css(), scripts: assets.scripts };
}

/** The tree's HTML alone (tests, excerpts); its stylesheet and scripts are left out. */
export function renderTree(tree: readonly Block[], environment: BlockEnvironment = emptyEnvironment): string {
  return renderBlocks(tree, environment).html;
}
