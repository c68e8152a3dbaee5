import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { activateTheme, themesOf } from './admin.js';
import type { ThemeManifest } from './manifest.js';

const ThemeView = Type.Object({
  name: Type.String(),
  title: Type.String(),
  version: Type.String(),
  description: Type.String(),
  active: Type.Boolean({ description: 'The theme this site renders with' }),
  menu_locations: Type.Record(Type.String(), Type.String(), { description: 'Location → label' }),
  widget_zones: Type.Record(Type.String(), Type.String(), { description: 'Zone → label' }),
  block_styles: Type.Record(
    Type.String(),
    Type.Array(Type.Object({ name: Type.String(), label: Type.String() })),
    { description: 'Block type → the style variations the theme offers (`props.variation`)' },
  ),
  error: Type.Union([Type.Null(), Type.String()], {
    description: 'Why an installed package cannot be used; such a theme cannot be activated',
  }),
});

function view(manifest: ThemeManifest | null, name: string, error: string | null, active: string) {
  return {
    name,
    title: manifest?.title ?? name,
    version: manifest?.version ?? '',
    description: manifest?.description ?? '',
    active: name === active,
    menu_locations: { ...(manifest?.menuLocations ?? {}) },
    widget_zones: { ...(manifest?.widgetZones ?? {}) },
    block_styles: Object.fromEntries(
      Object.entries(manifest?.blockStyles ?? {}).map(([type, styles]) => [
        type,
        styles.map((style) => ({ ...style })),
      ]),
    ),
    error,
  };
}

/**
 * /api/themes (themes.manage): the installed themes, and the site's choice among them (spec 1,
 * per-site theme). Installing is `tessera theme:install`, on the server: a theme carries code
 * (its layouts), so it is never uploaded through the API.
 */
export function themeRoutes(app: App, runtime: Runtime): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'themes');
  const themes = themesOf(runtime);
  routes.get(
    '/api/themes',
    {
      permission: 'themes.manage',
      summary: 'The installed themes, with the one this site uses',
      data: Type.Array(ThemeView),
    },
    async (ctx) =>
      themes.list().map((found) => view(found.manifest, found.name, found.error, ctx.site.theme)),
  );
  routes.put(
    '/api/themes/active',
    {
      permission: 'themes.manage',
      summary: "Switch the site's theme",
      description:
        'Every page of the site is rendered anew with it. 404 for a theme not installed; 422 for one that does not load.',
      body: Type.Object(
        { name: Type.String({ pattern: '^[a-z][a-z0-9-]{0,38}[a-z0-9]$', description: 'The theme to use' }) },
        { additionalProperties: false },
      ),
      data: ThemeView,
    },
    async (ctx, { body }) => {
      await activateTheme(runtime, ctx.site, body.name, ctx.actor);
      const found = themes.list().find((theme) => theme.name === body.name);
      return view(found?.manifest ?? null, body.name, null, body.name);
    },
  );
}
