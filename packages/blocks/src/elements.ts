import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { Block, BlockDefinition } from './block.js';
import { classes, useBlockEnvironment } from './context.js';
import { ANY_PLUGIN_BLOCK, pluginAreaOf } from './plugin-blocks.js';
import { blockRegistry } from './registry.js';
import { hiddenAt, type Visibility } from './visibility.js';

// Apart from render.ts: the builder's canvas renders blocks in the browser, without react-dom/server.

/** A block tree as React elements; a plugin's blocks render the HTML it gave, unknown types nothing. */
export function treeElements(tree: readonly Block[]): ReactElement {
  return createElement(
    Fragment,
    null,
    ...tree.map((block) => {
      const definition =
        blockRegistry.get(block.type) ?? (pluginAreaOf(block.type) === null ? undefined : ANY_PLUGIN_BLOCK);
      if (!definition) return null;
      const children = block.children && block.children.length > 0 ? treeElements(block.children) : undefined;
      return createElement(BlockNode, { key: block.id, definition, block, children });
    }),
  );
}

/**
 * One block: its component's element, with the classes every block may carry added to its root: the
 * theme's style variation and the hiding of a block per breakpoint. A component whose root is not
 * an element (a fragment, a list) gets a wrapper to carry them. `attributes` go on the root too:
 * the builder's canvas marks each block so (`data-block-id`); the site passes none.
 */
export function BlockNode(props: {
  definition: BlockDefinition;
  block: Block;
  children?: ReactNode;
  attributes?: Readonly<Record<string, string>>;
}): ReactElement | null {
  const { definition, block, attributes } = props;
  const element = definition.component({ block, props: block.props as never, children: props.children });
  const assets = useBlockEnvironment().assets;
  const visibility = block.props.visibility as Visibility | undefined;
  const variation = block.props.variation as string | undefined;
  const extra = classes(
    variation && `tb-is-${variation}`,
    visibility && assets?.hiddenClass(hiddenAt(visibility)),
  );
  if ((!extra && !attributes) || !element) return element;
  if (typeof element.type === 'string') {
    const own = (element.props as { className?: string }).className;
    return cloneElement(element as ReactElement<{ className?: string }>, {
      ...attributes,
      className: classes(own, extra) || undefined,
    });
  }
  // A wrapper only for the attributes lays nothing out: its children stay where they were.
  return createElement(
    'div',
    { ...attributes, className: extra || undefined, style: extra ? undefined : { display: 'contents' } },
    element,
  );
}
