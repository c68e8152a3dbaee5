import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from './block.js';
import { BlockContext, type BlockEnvironment, emptyEnvironment } from './context.js';
import { treeElements } from './elements.js';
import { PageAssets } from './page-assets.js';

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
