import type { ColorToken } from './queries.js';

/**
 * The default theme's own colours, light scheme (the :root of
 * apps/server/src/modules/public/theme/default.css; theme-colors.test.ts keeps the two equal).
 * Secondary and accent are not listed: the theme makes them the text and primary colours.
 */
export const THEME_COLORS = {
  primary: '#1f5fbf',
  text: '#1d2125',
  background: '#ffffff',
  surface: '#f4f6f8',
  muted: '#5b6470',
  border: '#dde2e7',
} as const satisfies Partial<Record<ColorToken, string>>;

/** Each token's colour as a visitor sees it: the site's own where set, else the theme's. */
export function effectiveColors(set: Partial<Record<ColorToken, string | null>>): Record<ColorToken, string> {
  const primary = set.primary ?? THEME_COLORS.primary;
  const text = set.text ?? THEME_COLORS.text;
  return {
    primary,
    secondary: set.secondary ?? text,
    accent: set.accent ?? primary,
    text,
    background: set.background ?? THEME_COLORS.background,
    surface: set.surface ?? THEME_COLORS.surface,
    muted: set.muted ?? THEME_COLORS.muted,
    border: set.border ?? THEME_COLORS.border,
  };
}
