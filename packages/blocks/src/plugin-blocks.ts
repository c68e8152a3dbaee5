import { type TObject, Type } from '@sinclair/typebox';
import {
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { Block, BlockCategory, BlockDefinition, ChildrenRule } from './block.js';
import { useBlockEnvironment } from './context.js';
import { withCommonProps } from './registry.js';

/**
 * Blocks from plugins. Their type is `<plugin's area>.<name>` (`shop.product_grid`); the core's
 * never hold a dot. A plugin renders its block on the server, to HTML, with its own data (the
 * registry's React components are the core's, and a plugin ships no React): the site and the
 * builder's canvas both get that HTML through the environment (`pluginHtml`) and place it, the
 * block's children where the HTML marks them.
 */

/** Where a plugin block's children go in its HTML; without it they follow the HTML. */
export const PLUGIN_CHILDREN_MARK = '<!--children-->';

/** The plugin's area of a block type, or null for a core block. */
export function pluginAreaOf(type: string): string | null {
  const dot = type.indexOf('.');
  return dot > 0 ? type.slice(0, dot) : null;
}

/** What a plugin declares of a block type, its rendering aside (that stays on the server). */
export interface PluginBlockShape {
  type: string;
  category: BlockCategory;
  label: string;
  icon: string;
  props: TObject;
  children: ChildrenRule;
}

/** The definition a plugin's block validates and renders through: its props, the plugin's HTML. */
export function pluginBlockDefinition(shape: PluginBlockShape): BlockDefinition {
  return withCommonProps({ ...shape, component: PluginBlock });
}

/**
 * A block of a plugin that is not active on the site (or no longer installed): its props are kept
 * as they were, unchecked, and it renders nothing; the builder shows a placeholder naming the plugin.
 */
export function dormantBlockDefinition(type: string): BlockDefinition {
  return {
    type,
    category: 'content',
    label: type,
    icon: 'puzzle',
    props: Type.Object({}, { additionalProperties: true }),
    children: 'any',
    component: () => null,
  };
}

/** Any plugin block as the tree renders it: the HTML its plugin gave, or nothing. */
export const ANY_PLUGIN_BLOCK: BlockDefinition = {
  ...dormantBlockDefinition('plugin'),
  component: PluginBlock,
};

function PluginBlock(props: { block: Block; children?: ReactNode }): ReactElement | null {
  const environment = useBlockEnvironment();
  const html = environment.pluginHtml?.(props.block.id);
  if (html === undefined) return null;
  const attributes = {
    className: `tb-plugin tb-plugin-${pluginAreaOf(props.block.type) ?? 'plugin'}`,
    'data-block-type': props.block.type,
  };
  const mark = html.indexOf(PLUGIN_CHILDREN_MARK);
  const around = (inner: string) =>
    mark < 0 ? html + inner : html.slice(0, mark) + inner + html.slice(mark + PLUGIN_CHILDREN_MARK.length);
  // On the server the children are HTML already and go in the plugin's, as one piece of markup:
  // split around them, its elements would be closed before them.
  const inner = environment.pluginChildrenHtml?.(props.block.id);
  if (props.children === undefined || inner !== undefined)
    return createElement('div', { ...attributes, dangerouslySetInnerHTML: { __html: around(inner ?? '') } });
  return createElement(LivePluginBlock, { attributes, html: around(SLOT) }, props.children);
}

/** Where the browser puts a plugin block's live children (the canvas, whose blocks are selectable). */
const SLOT = '<div data-tb-plugin-slot="" style="display:contents"></div>';

/** The plugin's HTML in the browser, its children rendered by React into the slot it marks. */
function LivePluginBlock(props: {
  attributes: Record<string, string>;
  html: string;
  children?: ReactNode;
}): ReactElement {
  const holder = useRef<HTMLDivElement>(null);
  const [slot, setSlot] = useState<Element | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML replaces the slot element, found again
  useLayoutEffect(() => {
    setSlot(holder.current?.querySelector('[data-tb-plugin-slot]') ?? null);
  }, [props.html]);
  return createElement(
    Fragment,
    null,
    createElement('div', {
      ...props.attributes,
      ref: holder,
      dangerouslySetInnerHTML: { __html: props.html },
    }),
    slot ? createPortal(props.children, slot) : null,
  );
}
