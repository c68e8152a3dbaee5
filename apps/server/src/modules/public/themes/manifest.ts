import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type FieldErrors, ValidationFailed } from '../../../core/errors.js';
import { inside, isRecord, PACKAGE_NAME, readPackageJson, VERSION } from '../../../core/plugins/manifest.js';
import { ThemeDesignTokens, type ThemeTokens } from '../design-tokens.js';

/**
 * What a theme declares in its package.json, under `tessera`:
 *
 * ```json
 * { "name": "tessera-theme-harbour", "version": "1.0.0", "type": "module",
 *   "tessera": { "theme": "harbour", "title": "Harbour", "stylesheet": "style.css",
 *     "layouts": "layouts.js", "menu_locations": { "primary": "Main menu" },
 *     "widget_zones": { "sidebar": "Sidebar" }, "design_tokens": { "font_heading": "serif" },
 *     "block_styles": { "button": [{ "name": "pill", "label": "Pill" }] } } }
 * ```
 *
 * Only `theme` and `stylesheet` are required: a theme without layouts.js restyles the default
 * theme's layouts.
 */
export interface ThemeManifest {
  readonly name: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  /** Absolute paths; the default theme's are inside the server. */
  readonly stylesheet: string;
  readonly layouts: string | null;
  readonly menuLocations: Readonly<Record<string, string>>;
  readonly widgetZones: Readonly<Record<string, string>>;
  readonly designTokens: ThemeTokens;
  readonly blockStyles: Readonly<Record<string, ReadonlyArray<{ name: string; label: string }>>>;
}

const Slug = '^[a-z][a-z0-9_-]{0,39}$';
const Labels = Type.Record(Type.String({ pattern: Slug }), Type.String({ minLength: 1, maxLength: 100 }), {
  maxProperties: 20,
});
const Declared = Type.Object(
  {
    theme: Type.String({ pattern: PACKAGE_NAME.source }),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    stylesheet: Type.String({ minLength: 1 }),
    layouts: Type.Optional(Type.String({ minLength: 1 })),
    menu_locations: Type.Optional(Labels),
    widget_zones: Type.Optional(Labels),
    design_tokens: Type.Optional(ThemeDesignTokens),
    block_styles: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }),
        Type.Array(
          Type.Object(
            {
              name: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }),
              label: Type.String({ minLength: 1, maxLength: 60 }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 20 },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

/** Reads and checks `<folder>/package.json` as a theme's; 422 naming each problem. */
export function readThemeManifest(folder: string): ThemeManifest {
  const record = readPackageJson(folder);
  const errors: FieldErrors = Object.create(null);
  const declared = record.tessera;
  if (!isRecord(declared) || declared.theme === undefined) {
    throw ValidationFailed.field(
      'tessera',
      'package.json has no "tessera.theme": this is not a Tessera theme.',
    );
  }
  for (const problem of Value.Errors(Declared, declared)) {
    const where = `tessera${problem.path.replaceAll('/', '.')}`;
    errors[where] = [...(errors[where] ?? []), problem.message];
  }
  const version = typeof record.version === 'string' ? record.version : '';
  if (!VERSION.test(version)) errors.version = ['Must be a semantic version such as 1.0.0.'];
  const stylesheet = inside(folder, declared.stylesheet, 'tessera.stylesheet', errors, 'file', 'theme');
  if (stylesheet && !stylesheet.endsWith('.css')) errors['tessera.stylesheet'] = ['Must be a .css file.'];
  const layouts =
    declared.layouts === undefined
      ? null
      : inside(folder, declared.layouts, 'tessera.layouts', errors, 'file', 'theme');
  if (layouts && !/\.m?js$/.test(layouts)) errors['tessera.layouts'] = ['Must be a .js or .mjs file.'];
  if (layouts && !layouts.endsWith('.mjs') && record.type !== 'module')
    errors.type = ['Must be "module": layouts.js is an ES module.'];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const checked = declared as unknown as Static<typeof Declared>;
  return {
    name: checked.theme,
    version,
    title: checked.title ?? checked.theme,
    description: checked.description ?? '',
    stylesheet: stylesheet ?? '',
    layouts,
    menuLocations: checked.menu_locations ?? {},
    widgetZones: checked.widget_zones ?? {},
    designTokens: checked.design_tokens ?? {},
    blockStyles: checked.block_styles ?? {},
  };
}
