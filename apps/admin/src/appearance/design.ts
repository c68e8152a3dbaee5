import type { Say } from '../forms.js';

/**
 * The design tokens as the server stores them: the settings group `design` (GET/PUT
 * /api/settings/design). Its schema is the server's design-tokens.ts; the API types the group as
 * free values, so its shape is written down here.
 */

export const COLOR_NAMES = [
  'primary',
  'secondary',
  'accent',
  'text',
  'background',
  'surface',
  'muted',
  'border',
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];
/** `#rrggbb`, or null: the theme's own colour. */
export type Palette = Record<ColorName, string | null>;

export const FONTS = ['system', 'humanist', 'geometric', 'serif', 'mono'] as const;
export type Font = (typeof FONTS)[number];
export const SHADOWS = ['none', 'soft', 'strong'] as const;
export type Shadow = (typeof SHADOWS)[number];

export interface DesignTokens {
  colors: Palette;
  dark_colors: Palette;
  font_body: Font;
  font_heading: Font;
  font_size: number;
  type_scale: number;
  spacing: number;
  radius: number;
  shadow: Shadow;
}

export const LIMITS = {
  font_size: { min: 14, max: 22, step: 1 },
  type_scale: { min: 1.05, max: 1.6, step: 0.05 },
  spacing: { min: 0.25, max: 1, step: 0.05 },
  radius: { min: 0, max: 32, step: 1 },
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The server's rules (design-tokens.ts) for the tokens about to be sent, by the paths of its 422
 * (`font_size`, `colors.primary`): a number input left empty or out of its range, a colour that is
 * not #rrggbb. The fonts and the shadow are chosen among the allowed values.
 */
export function designProblems(changed: Partial<DesignDraft>, say: Say): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
    const value = changed[key];
    if (value === undefined) continue;
    const { min, max, step } = LIMITS[key];
    if (typeof value !== 'number') problems[key] = say('required');
    else if (value < min) problems[key] = say('minimum', { limit: min });
    else if (value > max) problems[key] = say('maximum', { limit: max });
    else if (step === 1 && !Number.isInteger(value)) problems[key] = say('integer');
  }
  for (const scheme of ['colors', 'dark_colors'] as const)
    for (const [name, color] of Object.entries(changed[scheme] ?? {}))
      if (color !== null && !HEX.test(color)) problems[`${scheme}.${name}`] = say('color');
  return problems;
}

const noColors = Object.fromEntries(COLOR_NAMES.map((name) => [name, null])) as Palette;

/**
 * The values the server registers for the group. A site holding them gets its theme's own
 * defaults (the server applies a theme's tokens where the site kept these, and the theme's colours
 * where a colour is null): setting them back is how a site returns to its theme's look.
 */
export const THEME_DEFAULTS: DesignTokens = {
  colors: noColors,
  dark_colors: noColors,
  font_body: 'system',
  font_heading: 'system',
  font_size: 17,
  type_scale: 1.25,
  spacing: 0.5,
  radius: 6,
  shadow: 'soft',
};

/** The font stacks the server names (no download: fonts the visitor's system has). */
export const FONT_STACKS: Record<Font, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
};

export const SHADOW_CSS: Record<Shadow, string> = {
  none: 'none',
  soft: '0 1px 2px rgb(0 0 0 / 0.06), 0 2px 8px rgb(0 0 0 / 0.06)',
  strong: '0 2px 4px rgb(0 0 0 / 0.12), 0 8px 24px rgb(0 0 0 / 0.16)',
};

/** The group as read, its missing parts filled from the registered defaults. */
export function tokensFrom(values: Record<string, unknown> | undefined): DesignTokens {
  const read = (values ?? {}) as Partial<DesignTokens>;
  return {
    ...THEME_DEFAULTS,
    ...read,
    colors: { ...noColors, ...(read.colors ?? {}) },
    dark_colors: { ...noColors, ...(read.dark_colors ?? {}) },
  };
}

/** The tokens being edited: a number input left empty holds '' until the server says it must not. */
export type DesignDraft = {
  [K in keyof DesignTokens]: DesignTokens[K] extends number ? number | string : DesignTokens[K];
};

/** The keys whose values differ: only those are sent. */
export function changedTokens(saved: DesignDraft, edited: DesignDraft): Partial<DesignDraft> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(edited) as Array<keyof DesignDraft>)
    if (JSON.stringify(saved[key]) !== JSON.stringify(edited[key])) changed[key] = edited[key];
  return changed as Partial<DesignDraft>;
}

/** A heading's size in px, as the server's CSS computes it (`--tb-h1` ... `--tb-h6`). */
export function headingSize(tokens: Pick<DesignTokens, 'font_size' | 'type_scale'>, level: number): number {
  return tokens.type_scale ** (6 - level) * tokens.font_size;
}
