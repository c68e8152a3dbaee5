import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from './block.js';
import { BlockContext, type BlockEnvironment, emptyEnvironment } from './context.js';
import { treeElements } from './elements.js';
import { PageAssets } from './page-assets.js';
import { pluginAreaOf } from './plugin-blocks.js';

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
  const inside = new Map<string, string>();
  const value: BlockEnvironment = {
    ...environment,
    assets,
    pluginChildrenHtml: (blockId) => inside.get(blockId),
  };
  const render = (blocks: readonly Block[]) =>
    renderToStaticMarkup(createElement(BlockContext.Provider, { value }, treeElements(blocks)));
  // A plugin block's HTML is one piece of markup with its children inside: they are rendered first,
  // the innermost first, each in a render of its own (a render inside another loses its hooks).
  const childrenFirst = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (!block.children || block.children.length === 0) continue;
      childrenFirst(block.children);
      if (pluginAreaOf(block.type) !== null && environment.pluginHtml?.(block.id) !== undefined)
        inside.set(block.id, render(block.children));
    }
  };
  if (environment.pluginHtml) childrenFirst(tree);
  const html = render(tree);
  return { html, css: assets.css(), scripts: assets.scripts };
}

/** The tree's HTML alone (tests, excerpts); its stylesheet and scripts are left out. */
export function renderTree(tree: readonly Block[], environment: BlockEnvironment = emptyEnvironment): string {
  return renderBlocks(tree, environment).html;
}
