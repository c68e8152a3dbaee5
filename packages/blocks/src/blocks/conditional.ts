import { Type } from '@sinclair/typebox';
import { Fragment, createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { useBlockEnvironment, type Visitor } from '../context.js';

const Device = Type.Union([Type.Literal('desktop'), Type.Literal('tablet'), Type.Literal('mobile')]);
const Instant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'ISO 8601 with a time zone: 2026-12-24T18:00:00Z',
});

const ConditionProps = Type.Object(
  {
    audience: Type.Union([Type.Literal('everyone'), Type.Literal('signed-in'), Type.Literal('signed-out')], {
      default: 'everyone',
    }),
    locales: Type.Array(Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' }), {
      maxItems: 20,
      default: [],
      description: 'Only in these languages; empty: all',
    }),
    devices: Type.Array(Device, {
      maxItems: 3,
      uniqueItems: true,
      default: [],
      description: 'Only on these devices; empty: all',
    }),
    from: Type.Optional(Instant),
    until: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

type Condition = {
  audience: 'everyone' | 'signed-in' | 'signed-out';
  locales: string[];
  devices: Array<'desktop' | 'tablet' | 'mobile'>;
  from?: string;
  until?: string;
};

/**
 * Whether a visitor sees the children, telling the page when the answer depends on the visitor (then
 * it is never shared) or on the time (then shared only until the next boundary).
 */
export function conditionHolds(condition: Condition, visitor: Visitor): boolean {
  const now = Date.parse(visitor.now);
  const from = condition.from ? Date.parse(condition.from) : null;
  const until = condition.until ? Date.parse(condition.until) : null;
  if (from !== null && now < from) visitor.varies({ until: new Date(from).toISOString() });
  else if (until !== null && now < until) visitor.varies({ until: new Date(until).toISOString() });
  if (condition.audience !== 'everyone') visitor.varies({ personal: true });
  if (condition.devices.length > 0 && condition.devices.length < 3) visitor.varies({ personal: true });
  if (from !== null && now < from) return false;
  if (until !== null && now >= until) return false;
  if (condition.locales.length > 0 && !condition.locales.includes(visitor.locale)) return false;
  if (condition.audience === 'signed-in' && !visitor.signedIn) return false;
  if (condition.audience === 'signed-out' && visitor.signedIn) return false;
  if (condition.devices.length > 0 && !condition.devices.includes(visitor.device)) return false;
  return true;
}

/**
 * Its children, shown only to signed-in (or signed-out) visitors, in given languages, between two
 * dates, or on given devices: decided on the server when the page renders. Where no visitor is
 * known (the builder's canvas), the children show.
 */
export const conditional = defineBlock({
  type: 'conditional',
  category: 'dynamic',
  label: 'Conditional content',
  icon: 'filter',
  props: ConditionProps,
  children: 'any',
  component: function ConditionalBlock({ props, children }) {
    const visitor = useBlockEnvironment().visitor;
    if (visitor && !conditionHolds(props, visitor)) return null;
    return h(Fragment, null, children);
  },
});
