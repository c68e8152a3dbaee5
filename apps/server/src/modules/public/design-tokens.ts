import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/input-schemas.js';
import type { Runtime } from '../../core/runtime.js';
import type { SiteBranding } from '../../core/sites/site.js';

const COLOR_NAMES = [
  'primary',
  'secondary',
  'accent',
  'text',
  'background',
  'surface',
  'muted',
  'border',
] as const;

const Hex = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' });
const Palette = Type.Object(
  Object.fromEntries(COLOR_NAMES.map((name) => [name, Nullable(Hex, "null: the theme's own")])) as Record<
    (typeof COLOR_NAMES)[number],
    ReturnType<typeof Nullable<typeof Hex>>
  >,
  { additionalProperties: false },
);

/** Font stacks that need no download: a choice among them, never free CSS (nothing to inject). */
export const FONT_STACKS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
} as const;
type FontName = keyof typeof FONT_STACKS;
const Font = Type.Union(
  (Object.keys(FONT_STACKS) as FontName[]).map((name) => Type.Literal(name)),
  { description: 'system, humanist, geometric, serif or mono' },
);

const DesignSettings = Type.Object(
  {
    colors: Palette,
    dark_colors: Palette,
    font_body: Font,
    font_heading: Font,
    font_size: Type.Integer({ minimum: 14, maximum: 22, description: 'Body text, in px' }),
    type_scale: Type.Number({
      minimum: 1.05,
      maximum: 1.6,
      description: 'Each heading level this much larger',
    }),
    spacing: Type.Number({ minimum: 0.25, maximum: 1, description: 'One step of the spacing scale, in rem' }),
    radius: Type.Integer({ minimum: 0, maximum: 32, description: 'Corner radius, in px' }),
    shadow: Type.Union([Type.Literal('none'), Type.Literal('soft'), Type.Literal('strong')]),
  },
  { additionalProperties: false },
);

export type DesignTokens = Static<typeof DesignSettings>;

/** The tokens that are one value each (the colours are palettes). */
const SCALAR_TOKENS = [
  'font_body',
  'font_heading',
  'font_size',
  'type_scale',
  'spacing',
  'radius',
  'shadow',
] as const;

/** What a theme's manifest may set as its default tokens: any of them, colours one by one. */
export const ThemeDesignTokens = Type.Partial(
  Type.Object(
    {
      ...DesignSettings.properties,
      colors: Type.Partial(Palette),
      dark_colors: Type.Partial(Palette),
    },
    { additionalProperties: false },
  ),
);
export type ThemeTokens = Static<typeof ThemeDesignTokens>;

/**
 * Tokens being edited, not saved (the builder's design panel): any of them, colours one by one,
 * checked as a save would be. The same shape as a theme's defaults.
 */
export const DesignPreview = ThemeDesignTokens;
export type DesignPreview = ThemeTokens;

/** The saved tokens with a preview's over them. */
export function previewTokens(saved: DesignTokens, preview: DesignPreview): DesignTokens {
  return {
    ...saved,
    ...preview,
    colors: { ...saved.colors, ...preview.colors },
    dark_colors: { ...saved.dark_colors, ...preview.dark_colors },
  };
}

/**
 * The tokens a page uses: the site's where it set them, the theme's defaults where the site kept
 * the registered default, the registered default otherwise.
 */
export function withThemeTokens(site: DesignTokens, theme: ThemeTokens | undefined): DesignTokens {
  if (!theme) return site;
  const merged = { ...site };
  for (const key of SCALAR_TOKENS) {
    const value = theme[key];
    if (value !== undefined && site[key] === DESIGN_DEFAULTS[key])
      (merged as Record<string, unknown>)[key] = value;
  }
  merged.colors = { ...site.colors };
  merged.dark_colors = { ...site.dark_colors };
  for (const [name, value] of Object.entries(theme.colors ?? {}))
    if (value && site.colors[name as keyof DesignTokens['colors']] === null)
      merged.colors[name as keyof DesignTokens['colors']] = value;
  for (const [name, value] of Object.entries(theme.dark_colors ?? {}))
    if (value && site.dark_colors[name as keyof DesignTokens['colors']] === null)
      merged.dark_colors[name as keyof DesignTokens['colors']] = value;
  return merged;
}

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    design: DesignTokens;
  }
}

const noColors = Object.fromEntries(COLOR_NAMES.map((name) => [name, null])) as DesignTokens['colors'];

const DESIGN_DEFAULTS: DesignTokens = {
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

/** Global design tokens (spec 1): a site setting, changed with patterns.manage, rendered as CSS custom properties. */
export function registerDesignTokens(runtime: Runtime): void {
  runtime.settings.register('design', DesignSettings, DESIGN_DEFAULTS, {
    description: 'Design tokens: colours (light and dark), fonts, type scale, spacing, radius and shadow',
    guarded: Object.fromEntries(Object.keys(DESIGN_DEFAULTS).map((key) => [key, 'patterns.manage'])),
  });
}

const SHADOWS = {
  none: 'none',
  soft: '0 1px 2px rgb(0 0 0 / 0.06), 0 2px 8px rgb(0 0 0 / 0.06)',
  strong: '0 2px 4px rgb(0 0 0 / 0.12), 0 8px 24px rgb(0 0 0 / 0.16)',
};

/**
 * The tokens as CSS custom properties on :root, after the theme's stylesheet so they win; dark
 * colours inside the dark scheme's media query. The brand colours of the site's branding fill in
 * primary, secondary and accent when the tokens leave them to the theme.
 */
export function tokensCss(tokens: DesignTokens, branding: SiteBranding): string {
  const colors = {
    ...tokens.colors,
    primary: tokens.colors.primary ?? branding.primary_color,
    secondary: tokens.colors.secondary ?? branding.secondary_color,
    accent: tokens.colors.accent ?? branding.accent_color,
  };
  const declare = (palette: Record<string, string | null>) =>
    Object.entries(palette)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => `--tb-color-${name}:${value};`)
      .join('');
  const steps = [1, 2, 3, 4, 5, 6]
    .map(
      (level) =>
        `--tb-h${level}:${(tokens.type_scale ** (6 - level) * (tokens.font_size / 16)).toFixed(3)}rem;`,
    )
    .join('');
  const light = `:root{${declare(colors)}--tb-font-body:${FONT_STACKS[tokens.font_body]};--tb-font-heading:${FONT_STACKS[tokens.font_heading]};--tb-font-size:${tokens.font_size}px;${steps}--tb-space:${tokens.spacing}rem;--tb-radius:${tokens.radius}px;--tb-shadow:${SHADOWS[tokens.shadow]};}`;
  const dark = declare(tokens.dark_colors);
  return dark ? `${light}@media (prefers-color-scheme: dark){:root{${dark}}}` : light;
}
