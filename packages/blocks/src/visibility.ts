import { Type } from '@sinclair/typebox';
import type { Breakpoint } from './responsive.js';
import { perBreakpoint } from './responsive.js';

/**
 * `props.visibility`, which every block type takes: `{ "desktop": true, "mobile": false }` hides the
 * block on phones. Narrower breakpoints inherit from wider ones, as every responsive value does.
 */
export const VisibilityProp = Type.Object(
  { desktop: Type.Boolean(), tablet: Type.Optional(Type.Boolean()), mobile: Type.Optional(Type.Boolean()) },
  {
    additionalProperties: false,
    description: 'Shown at each breakpoint; tablet and mobile inherit from the wider one',
  },
);

/**
 * `props.variation`, which every block type takes: one of the style variations the active theme
 * offers for the type (its manifest's `block_styles`), rendered as the class `tb-is-<name>`.
 */
export const VariationProp = Type.String({
  pattern: '^[a-z][a-z0-9-]{0,39}$',
  description: "A style variation of the theme's, such as `pill` for a button",
});

export interface Visibility {
  desktop: boolean;
  tablet?: boolean;
  mobile?: boolean;
}

/** The breakpoints where a block is hidden. */
export function hiddenAt(visibility: Visibility): Breakpoint[] {
  const at = perBreakpoint(visibility);
  return (['mobile', 'tablet', 'desktop'] as const).filter((breakpoint) => !at[breakpoint]);
}
