import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { mergeDeclarations, responsiveDeclarations } from '../page-assets.js';
import { ColorValue, cssColor, Responsive, SpacingStep, space } from '../responsive.js';

/** Empty vertical space, on the spacing scale, per breakpoint. */
export const spacer = defineBlock({
  type: 'spacer',
  category: 'layout',
  label: 'Spacer',
  icon: 'separator-horizontal',
  props: Type.Object({ height: Responsive(SpacingStep, 4) }, { additionalProperties: false }),
  children: 'none',
  component: function SpacerBlock({ props }) {
    const style = useBlockStyle(responsiveDeclarations(props.height, (steps) => ({ height: space(steps) })));
    return h('div', { className: classes('tb-spacer', style), 'aria-hidden': true });
  },
});

/** A horizontal rule between parts of a page. */
export const separator = defineBlock({
  type: 'separator',
  category: 'layout',
  label: 'Separator',
  icon: 'minus',
  props: Type.Object(
    {
      style: Type.Union([Type.Literal('line'), Type.Literal('dots'), Type.Literal('wide')], {
        default: 'line',
      }),
      color: Type.Optional(ColorValue),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function SeparatorBlock({ props }) {
    const style = useBlockStyle(props.color ? { mobile: { 'border-color': cssColor(props.color) } } : {});
    return h('hr', { className: classes('tb-separator', `tb-separator--${props.style}`, style) });
  },
});

/** A box around other blocks: a width, a background, padding and rounded corners. */
export const container = defineBlock({
  type: 'container',
  category: 'layout',
  label: 'Container',
  icon: 'box',
  props: Type.Object(
    {
      width: Type.Union(
        [Type.Literal('narrow'), Type.Literal('normal'), Type.Literal('wide'), Type.Literal('full')],
        {
          default: 'normal',
        },
      ),
      backgroundColor: Type.Optional(ColorValue),
      padding: Responsive(SpacingStep, 4),
      rounded: Type.Boolean({ default: false }),
    },
    { additionalProperties: false },
  ),
  children: 'any',
  component: function ContainerBlock({ props, children }) {
    const style = useBlockStyle(
      mergeDeclarations(
        responsiveDeclarations(props.padding, (steps) => ({ padding: space(steps) })),
        props.backgroundColor ? { mobile: { 'background-color': cssColor(props.backgroundColor) } } : {},
      ),
    );
    return h(
      'div',
      {
        className: classes(
          'tb-container',
          `tb-container--${props.width}`,
          props.rounded && 'tb-container--rounded',
          style,
        ),
      },
      children,
    );
  },
});

const Ratio = Type.Union(
  ['50-50', '33-67', '67-33', '25-75', '75-25', '33-33-33', '25-25-25-25', '25-50-25'].map((ratio) =>
    Type.Literal(ratio),
  ),
  { default: '50-50', description: 'Column widths in percent' },
);

/** Columns of unequal widths (grid has equal ones); stacked on phones unless told otherwise. */
export const columns = defineBlock({
  type: 'columns',
  category: 'layout',
  label: 'Columns',
  icon: 'columns',
  props: Type.Object(
    {
      ratio: Ratio,
      gap: Responsive(SpacingStep, 4),
      stackOnMobile: Type.Boolean({ default: true }),
      verticalAlign: Type.Union([Type.Literal('top'), Type.Literal('center'), Type.Literal('bottom')], {
        default: 'top',
      }),
    },
    { additionalProperties: false },
  ),
  children: ['container'],
  component: function ColumnsBlock({ props, children }) {
    const template = props.ratio
      .split('-')
      .map((part) => `minmax(0, ${part}fr)`)
      .join(' ');
    // Stacked on phones: one column there, the ratio from tablets up.
    const style = useBlockStyle(
      mergeDeclarations(
        {
          mobile: { 'grid-template-columns': props.stackOnMobile ? '1fr' : template },
          tablet: { 'grid-template-columns': template },
        },
        responsiveDeclarations(props.gap, (steps) => ({ gap: space(steps) })),
      ),
    );
    return h(
      'div',
      { className: classes('tb-columns', `tb-columns--${props.verticalAlign}`, style) },
      children,
    );
  },
});

/**
 * Sections that open and close: `details` and `summary`, which browsers make keyboard-operable and
 * announce as expandable without any script; `single` closes the others (the `name` attribute).
 */
export const accordion = defineBlock({
  type: 'accordion',
  category: 'layout',
  label: 'Accordion',
  icon: 'layout-list',
  props: Type.Object(
    {
      items: Type.Array(
        Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 300 }),
            content: Type.String({ maxLength: 20_000, description: 'HTML, sanitized on save' }),
            open: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50, default: [] },
      ),
      single: Type.Boolean({ default: false, description: 'Opening one closes the others' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richTextItems: { items: ['content'] },
  component: ({ block, props }) =>
    h(
      'div',
      { className: 'tb-accordion' },
      ...props.items.map((item, i) =>
        h(
          'details',
          {
            key: i,
            className: 'tb-accordion__item',
            ...(item.open ? { open: true } : {}),
            ...(props.single ? { name: `tb-acc-${block.id}` } : {}),
          },
          h('summary', null, item.title),
          h('div', {
            className: 'tb-accordion__content',
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist on save (richTextItems)
            dangerouslySetInnerHTML: { __html: item.content },
          }),
        ),
      ),
    ),
});
