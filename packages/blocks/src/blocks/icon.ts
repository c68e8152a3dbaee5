import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { ColorValue, cssColor } from '../responsive.js';
import { ICON_NAMES, ICONS, type IconName } from './icon-set.js';
import { Href } from './links.js';

/**
 * An icon of Tessera's set (icon-set.ts) as inline SVG: decorative unless it has a label, and then
 * an image with that name; with a link, the link carries the label (or the icon's name).
 */
export const icon = defineBlock({
  type: 'icon',
  category: 'media',
  label: 'Icon',
  icon: 'star',
  props: Type.Object(
    {
      name: Type.Union(
        ICON_NAMES.map((name) => Type.Literal(name)),
        { default: 'star' },
      ),
      size: Type.Integer({ minimum: 12, maximum: 256, default: 48, description: 'In px' }),
      color: Type.Optional(ColorValue),
      label: Type.String({ maxLength: 120, default: '', description: 'What it means; empty: decoration' }),
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
        default: 'left',
      }),
      link: Type.Optional(Href),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function IconBlock({ block, props }) {
    const style = useBlockStyle(props.color ? { mobile: { color: cssColor(props.color) } } : {});
    const name = props.name as IconName;
    const titleId = `tb-icon-${block.id}`;
    // A linked icon is named by its link; an unlinked one by its own title when it has a label.
    const labelled = Boolean(props.label) && !props.link;
    const svg = h(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        viewBox: '0 0 24 24',
        width: props.size,
        height: props.size,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        focusable: 'false',
        ...(labelled ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true }),
      },
      labelled ? h('title', { id: titleId }, props.label) : null,
      ...(ICONS[name] ?? ICONS.star).map(([tag, attributes], i) => h(tag, { key: i, ...attributes })),
    );
    return h(
      'span',
      { className: classes('tb-icon', `tb-align-${props.align}`, style) },
      props.link ? h('a', { href: props.link, 'aria-label': props.label || humanized(name) }, svg) : svg,
    );
  },
});

function humanized(name: string): string {
  const words = name.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
