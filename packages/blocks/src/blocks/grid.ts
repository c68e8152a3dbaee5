import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockStyle } from '../context.js';
import { mergeDeclarations, responsiveDeclarations } from '../page-assets.js';
import { Responsive, SpacingStep, space } from '../responsive.js';

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
  component: function GridBlock({ props, children }) {
    const style = useBlockStyle(
      mergeDeclarations(
        responsiveDeclarations(props.columns, gridColumns),
        responsiveDeclarations(props.gap, (steps) => ({ gap: space(steps) })),
      ),
    );
    return createElement('div', { className: classes('tb-grid', style) }, children);
  },
});

/** Equal columns: `minmax(0, 1fr)` so a long word or a wide image cannot widen its column. */
export function gridColumns(count: number) {
  return { 'grid-template-columns': `repeat(${count}, minmax(0, 1fr))` };
}
