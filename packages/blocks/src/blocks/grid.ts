import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { perBreakpoint, Responsive, SpacingStep } from '../responsive.js';

const Columns = Type.Integer({ minimum: 1, maximum: 12 });

/** Children laid out in equal columns, with a column count per breakpoint. */
export const grid = defineBlock({
  type: 'grid',
  category: 'layout',
  label: 'Grid',
  icon: 'layout-grid',
  props: Type.Object(
    {
      columns: Responsive(Columns, 3),
      gap: Responsive(SpacingStep, 4),
    },
    { additionalProperties: false },
  ),
  children: 'any',
  component: ({ props, children }) => {
    const columns = perBreakpoint(props.columns);
    const gap = perBreakpoint(props.gap);
    return createElement(
      'div',
      {
        className: `tb-grid tb-grid--cols-${columns.desktop} tb-grid--tablet-${columns.tablet} tb-grid--mobile-${columns.mobile}`,
        style: { '--tb-gap-d': gap.desktop, '--tb-gap-t': gap.tablet, '--tb-gap-m': gap.mobile },
      },
      children,
    );
  },
});
