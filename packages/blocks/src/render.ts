import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from './block.js';
import { BlockContext, type BlockEnvironment, emptyEnvironment, useBlockStyle } from './context.js';
import { PageAssets } from './page-assets.js';
import { blockRegistry } from './registry.js';
import { type Visibility, visibilityDeclarations } from './visibility.js';

/** A block tree as React elements; blocks of unknown types render nothing. */
export function treeElements(tree: readonly Block[]): ReactElement {
  return createElement(
    Fragment,
    null,
    ...tree.map((block) => {
      const definition = blockRegistry.get(block.type);
      if (!definition) return null;
      const children = block.children && block.children.length > 0 ? treeElements(block.children) : undefined;
      const element = createElement(definition.component, {
        key: block.id,
        block,
        props: block.props as never,
        children,
      });
      const visibility = block.props.visibility as Visibility | undefined;
      return visibility ? createElement(Visible, { key: block.id, visibility }, element) : element;
    }),
  );
}

/**
 * A block hidden at some breakpoints: a wrapper that takes no box of its own (`display: contents`)
 * where the block shows and `display: none` where it does not, from the page's stylesheet.
 */
function Visible(props: { visibility: Visibility; children?: ReactNode }): ReactElement {
  const className = useBlockStyle(visibilityDeclarations(props.visibility));
  return className
    ? createElement('div', { className }, props.children)
    : createElement(Fragment, null, props.children);
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
