import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';

export const Alignment = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
  default: 'left',
});

/** A heading of level 1 to 6; its text is plain, never HTML. */
export const heading = defineBlock({
  type: 'heading',
  category: 'content',
  label: 'Heading',
  icon: 'heading',
  props: Type.Object(
    {
      text: Type.String({ maxLength: 500, default: 'Heading' }),
      level: Type.Integer({ minimum: 1, maximum: 6, default: 2 }),
      align: Alignment,
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    createElement(`h${props.level}`, { className: `tb-heading tb-align-${props.align}` }, props.text),
});
