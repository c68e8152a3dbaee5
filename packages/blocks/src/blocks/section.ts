import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { mergeDeclarations, responsiveDeclarations } from '../page-assets.js';
import { ColorValue, cssColor, Responsive, SpacingStep, space } from '../responsive.js';

/** A full-width band of the page that holds other blocks: the outermost layout unit. */
export const section = defineBlock({
  type: 'section',
  category: 'layout',
  label: 'Section',
  icon: 'layout-rows',
  props: Type.Object(
    {
      backgroundColor: Type.Optional(ColorValue),
      padding: Responsive(SpacingStep, 6),
      fullWidth: Type.Boolean({
        default: false,
        description: 'Content spans the window instead of the theme width',
      }),
      anchor: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$', description: 'id for #links' })),
      tag: Type.Union(
        [Type.Literal('section'), Type.Literal('div'), Type.Literal('header'), Type.Literal('footer')],
        {
          default: 'section',
        },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'any',
  component: function SectionBlock({ props, children }) {
    const style = useBlockStyle(
      mergeDeclarations(
        responsiveDeclarations(props.padding, (steps) => ({ 'padding-block': space(steps) })),
        props.backgroundColor ? { mobile: { 'background-color': cssColor(props.backgroundColor) } } : {},
      ),
    );
    return createElement(
      props.tag,
      { id: props.anchor, className: classes('tb-section', props.fullWidth && 'tb-section--full', style) },
      createElement('div', { className: 'tb-section__inner' }, children),
    );
  },
});
