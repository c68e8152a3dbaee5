import { Type } from '@sinclair/typebox';
import type { BreakpointDeclarations } from './page-assets.js';
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

export interface Visibility {
  desktop: boolean;
  tablet?: boolean;
  mobile?: boolean;
}

/** Nothing when the block shows everywhere; otherwise `display` per breakpoint. */
export function visibilityDeclarations(visibility: Visibility): BreakpointDeclarations {
  const at = perBreakpoint(visibility);
  if (at.desktop && at.tablet && at.mobile) return {};
  const display = (shown: boolean) => ({ display: shown ? 'contents' : 'none' });
  return { mobile: display(at.mobile), tablet: display(at.tablet), desktop: display(at.desktop) };
}
