import { Type } from '@sinclair/typebox';
import type { BlockDefinition, ChildrenRule } from './block.js';
import { breadcrumb } from './blocks/breadcrumb.js';
import { chart } from './blocks/chart.js';
import { code, logo } from './blocks/code.js';
import { conditional } from './blocks/conditional.js';
import { contentList, latestPosts, pagination } from './blocks/dynamic.js';
import { audio, map, social, video } from './blocks/embeds.js';
import { form } from './blocks/form.js';
import { gallery } from './blocks/gallery.js';
import { grid } from './blocks/grid.js';
import { heading } from './blocks/heading.js';
import { icon } from './blocks/icon.js';
import { image } from './blocks/image.js';
import { accordion, columns, container, separator, spacer } from './blocks/layout.js';
import { button, buttonGroup, link, testimonials } from './blocks/links.js';
import { menu } from './blocks/menu.js';
import { newsletter } from './blocks/newsletter.js';
import { paragraph } from './blocks/paragraph.js';
import { pattern } from './blocks/pattern.js';
import { section } from './blocks/section.js';
import { tabs } from './blocks/tabs.js';
import { alert, badge, faq, list, quote, statistics, steps, table, timeline } from './blocks/text.js';

import { VariationProp, VisibilityProp } from './visibility.js';
/** Every block type, by type id. */
export const blockRegistry: ReadonlyMap<string, BlockDefinition> = new Map(
  (
    [
      section,
      grid,
      columns,
      container,
      spacer,
      separator,
      tabs,
      accordion,
      heading,
      paragraph,
      list,
      quote,
      table,
      code,
      alert,
      badge,
      statistics,
      timeline,
      faq,
      steps,
      image,
      gallery,
      video,
      audio,
      icon,
      logo,
      button,
      buttonGroup,
      link,
      menu,
      breadcrumb,
      pagination,
      form,
      newsletter,
      map,
      chart,
      social,
      testimonials,
      latestPosts,
      contentList,
      conditional,
      pattern,
    ] as unknown as BlockDefinition[]
  ).map((definition) => [definition.type, withCommonProps(definition)]),
);

/** Props every block type takes besides its own: `visibility` per breakpoint and the theme's `variation` (visibility.ts). */
export function withCommonProps(definition: BlockDefinition): BlockDefinition {
  return {
    ...definition,
    props: Type.Object(
      {
        ...definition.props.properties,
        visibility: Type.Optional(VisibilityProp),
        variation: Type.Optional(VariationProp),
      },
      { additionalProperties: false },
    ),
  };
}

export interface BlockTypeView {
  type: string;
  category: string;
  label: string;
  icon: string;
  /** JSON Schema of the props, with their defaults. */
  props: unknown;
  children: ChildrenRule;
  rich_text: readonly string[];
  /** Props holding media library items (ids, or objects with `media_id`). */
  media: readonly string[];
  /** Lists entries fetched when the page renders (latest posts, content list). */
  dynamic: boolean;
}

/**
 * The registry as JSON, for the builder's palette and settings (GET /api/builder/blocks); `more`
 * are the block types of the site's active plugins, after the core's.
 */
export function registryView(more: readonly BlockDefinition[] = []): BlockTypeView[] {
  return [...blockRegistry.values(), ...more].map((definition) => ({
    type: definition.type,
    category: definition.category,
    label: definition.label,
    icon: definition.icon,
    props: JSON.parse(JSON.stringify(definition.props)),
    children: definition.children,
    rich_text: definition.richText ?? [],
    media: definition.media ?? [],
    dynamic: definition.query !== undefined,
  }));
}
