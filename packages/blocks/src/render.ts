import { createElement, Fragment, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Block } from './block.js';
import { BlockContext, type BlockEnvironment, emptyEnvironment } from './context.js';
import { blockRegistry } from './registry.js';

/** A block tree as React elements; blocks of unknown types render nothing. */
export function treeElements(tree: readonly Block[]): ReactElement {
  return createElement(
    Fragment,
    null,
    ...tree.map((block) => {
      const definition = blockRegistry.get(block.type);
      if (!definition) return null;
      const children = block.children && block.children.length > 0 ? treeElements(block.children) : undefined;
      return createElement(definition.component, {
        key: block.id,
        block,
        props: block.props as never,
        children,
      });
    }),
  );
}

/** The tree as static HTML (server rendering), in an environment that answers the blocks' questions. */
export function renderTree(tree: readonly Block[], environment: BlockEnvironment = emptyEnvironment): string {
  return renderToStaticMarkup(
    createElement(BlockContext.Provider, { value: environment }, treeElements(tree)),
  );
}
