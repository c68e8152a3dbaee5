import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock, RowId } from '../block.js';
import { useBlockEnvironment } from '../context.js';

/**
 * A synced pattern, placed by reference (/api/patterns): the page shows the pattern as it is now, so
 * editing the pattern changes every page placing it. Nothing shows when it is gone.
 */
export const pattern = defineBlock({
  type: 'pattern',
  category: 'layout',
  label: 'Synced pattern',
  icon: 'copy',
  props: Type.Object({ pattern_id: RowId({ default: 1 }) }, { additionalProperties: false }),
  children: 'none',
  component: function PatternBlock({ props }) {
    const placed = useBlockEnvironment().pattern?.(props.pattern_id);
    return placed ? h('div', { className: 'tb-pattern' }, placed) : null;
  },
});
