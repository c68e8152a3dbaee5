import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { AppError } from '../../../core/errors.js';
import { defaultLayouts, mergeLayouts, type ThemeLayouts, themeKit } from '../theme/theme-layouts.js';
import { readThemeManifest, type ThemeManifest } from './manifest.js';

/** A theme ready to render with: its manifest, its stylesheet under a content-hashed name, its layouts. */
export interface LoadedTheme {
  manifest: ThemeManifest;
  stylesheet: { path: string; css: string };
  layouts: ThemeLayouts;
}

/** The theme every site starts with, part of the server. */
export const DEFAULT_THEME: ThemeManifest = {
  name: 'default',
  version: '1.0.0',
  // Not the vendor's name: themes are listed to white-labelled sites' administrators.
  title: 'Default theme',
  description: 'Clean, fast and accessible: one readable column, system fonts, light and dark schemes.',
  stylesheet: fileURLToPath(new URL('../theme/default.css', import.meta.url)),
  layouts: null,
  menuLocations: { primary: 'Main menu', footer: 'Footer menu' },
  widgetZones: { footer: 'Footer' },
  designTokens: {},
  blockStyles: {
    button: [{ name: 'pill', label: 'Pill' }],
    image: [
      { name: 'rounded', label: 'Rounded corners' },
      { name: 'framed', label: 'Framed' },
    ],
    quote: [{ name: 'large', label: 'Large' }],
  },
};

/**
 * The themes of an installation: the default one, and the packages installed under
 * DATA_DIR/themes/<name> (`tessera theme:install`). A theme is loaded on first use and kept; a
 * site whose theme cannot be loaded is shown in the default theme, and the reason is logged once.
 */
export class ThemeRegistry {
  readonly builtIn: LoadedTheme;
  private readonly loaded = new Map<string, LoadedTheme>();
  private readonly loading = new Map<string, Promise<LoadedTheme | null>>();
  private readonly failures = new Map<string, string>();

  constructor(
    readonly dir: string,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.builtIn = {
      manifest: DEFAULT_THEME,
      stylesheet: stylesheetOf(DEFAULT_THEME),
      layouts: defaultLayouts,
    };
  }

  /** Every theme there is, the default first; a broken package is listed with its fault. */
  list(): Array<{ manifest: ThemeManifest | null; name: string; error: string | null }> {
    const found: Array<{ manifest: ThemeManifest | null; name: string; error: string | null }> = [
      { manifest: DEFAULT_THEME, name: 'default', error: null },
    ];
    if (!existsSync(this.dir)) return found;
    for (const name of readdirSync(this.dir).sort()) {
      const folder = join(this.dir, name);
      if (name.endsWith('.incoming') || !statSync(folder).isDirectory()) continue;
      try {
        found.push({ manifest: readThemeManifest(folder), name, error: null });
      } catch (error) {
        found.push({ manifest: null, name, error: describe(error) });
      }
    }
    return found;
  }

  /** The named theme, loaded once; null when it is not installed or does not load. */
  async load(name: string): Promise<LoadedTheme | null> {
    if (name === 'default') return this.builtIn;
    const ready = this.loaded.get(name);
    if (ready) return ready;
    let pending = this.loading.get(name);
    if (!pending) {
      pending = this.read(name).finally(() => this.loading.delete(name));
      this.loading.set(name, pending);
    }
    return pending;
  }

  /** The theme a site renders with: its own, or the default one when its own is missing or broken. */
  async forSite(site: { theme: string }): Promise<LoadedTheme> {
    return (await this.load(site.theme)) ?? this.builtIn;
  }

  /** A loaded theme's stylesheet by its address (`/theme/harbour.1a2b3c4d5e6f.css`). */
  stylesheetAt(path: string): string | null {
    if (path === this.builtIn.stylesheet.path) return this.builtIn.stylesheet.css;
    for (const theme of this.loaded.values()) if (theme.stylesheet.path === path) return theme.stylesheet.css;
    return null;
  }

  /** Loads a theme afresh next time (it was reinstalled); every theme without a name. */
  forget(name?: string): void {
    if (name === undefined) {
      this.loaded.clear();
      this.failures.clear();
    } else {
      this.loaded.delete(name);
      this.failures.delete(name);
    }
  }

  private async read(name: string): Promise<LoadedTheme | null> {
    const folder = join(this.dir, name);
    if (!/^[a-z][a-z0-9-]{0,38}[a-z0-9]$/.test(name) || !existsSync(folder))
      return this.fail(name, 'not installed');
    try {
      const theme = await loadTheme(folder);
      if (theme.manifest.name !== name)
        return this.fail(name, `its folder holds the theme ${theme.manifest.name}`);
      this.loaded.set(name, theme);
      return theme;
    } catch (error) {
      return this.fail(name, describe(error));
    }
  }

  private fail(name: string, reason: string): null {
    if (!this.failures.has(name)) {
      this.failures.set(name, reason);
      this.log.warn(
        { theme: name, reason },
        `theme ${name} cannot be used (${reason}): its sites show the default theme`,
      );
    }
    return null;
  }
}

/**
 * A theme package read and checked: its manifest, its stylesheet, and its layouts.js run with the
 * theme kit. Throws with the reason when any part is wrong (install refuses such a theme).
 */
export async function loadTheme(folder: string): Promise<LoadedTheme> {
  const manifest = readThemeManifest(folder);
  let layouts = defaultLayouts;
  if (manifest.layouts) {
    // The file's time in the address: a reinstalled theme's new layouts load, not the cached module.
    const url = `${pathToFileURL(manifest.layouts).href}?v=${statSync(manifest.layouts).mtimeMs}`;
    const module = (await import(url)) as { default?: unknown };
    if (typeof module.default !== 'function')
      throw new Error('layouts.js must export a default function that receives the theme kit.');
    layouts = mergeLayouts(module.default(themeKit));
  }
  return { manifest, stylesheet: stylesheetOf(manifest), layouts };
}

function stylesheetOf(manifest: ThemeManifest): { path: string; css: string } {
  const css = readFileSync(manifest.stylesheet, 'utf8');
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
  return { css, path: `/theme/${manifest.name}.${hash}.css` };
}

/** A failure in one line: each field's messages for a manifest's faults. */
export function describe(error: unknown): string {
  if (error instanceof AppError && Object.keys(error.fields).length > 0)
    return Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
  return error instanceof Error ? error.message : String(error);
}
