import type {
  AdminApi,
  AdminContext,
  AdminMessages,
  AdminNavGroup,
  AdminScreen,
  DashboardWidget,
  EditorPanel,
  ListColumn,
  ListFilter,
} from '@tessera/plugin/admin';

/** A plugin's admin module as the server lists it, imported: its default export is its setup. */
export interface ImportedModule {
  plugin: string;
  version: string;
  /** The module's namespace object, or why it could not be imported. */
  module: { default?: unknown } | { failed: string };
}

interface Owned {
  plugin: string;
  /** The plugin's i18next namespace: its titles are looked up there. */
  namespace: string;
}

type NavIcon = NonNullable<Exclude<AdminScreen['nav'], false | undefined>['icon']>;

/** A screen, its navigation entry null when it has none (`nav: false`). */
export interface ScreenEntry extends Owned, Omit<AdminScreen, 'nav'> {
  nav: { icon?: NavIcon; group: AdminNavGroup } | null;
}
/** Panels and widgets carry a key of their own: `<plugin>:<n>`, in the order the plugin declared them. */
export type PanelEntry = Owned & EditorPanel & { key: string };
export type WidgetEntry = Owned & DashboardWidget & { key: string };
export type ColumnEntry = Owned & ListColumn & { key: string };
export type FilterEntry = Owned & ListFilter;

/** A module that did not load, or whose setup threw: shown as a notice naming the plugin. */
export interface ExtensionFailure {
  plugin: string;
  reason: string;
}

/** What the loaded modules add to the admin. */
export interface Extensions {
  screens: ScreenEntry[];
  panels: PanelEntry[];
  widgets: WidgetEntry[];
  columns: ColumnEntry[];
  filters: FilterEntry[];
  failures: ExtensionFailure[];
}

export const NO_EXTENSIONS: Extensions = {
  screens: [],
  panels: [],
  widgets: [],
  columns: [],
  filters: [],
  failures: [],
};

/** What the admin lends each module's context: its session, its words, its permissions. */
export interface ExtensionHost {
  api(plugin: string): AdminApi;
  /** The core's REST API, full paths (`/api/posts`). */
  core: AdminApi;
  addTranslations(namespace: string, resources: Readonly<Record<string, AdminMessages>>): void;
  useTranslation: (namespace: string) => ReturnType<AdminContext['useTranslation']>;
  useCan: AdminContext['useCan'];
  components: AdminContext['components'];
}

/** A module's setup gets this long: one that never settles must not keep the admin waiting. */
export const SETUP_TIMEOUT_MS = 10_000;

const SCREEN_PATH = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
/** A list filter as the API names it: `<area>.<name>`, as the server side declared it. */
const FILTER_KEY = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
const GROUPS: readonly AdminNavGroup[] = ['content', 'appearance', 'site', 'settings', 'plugins'];

/** The i18next namespace of a plugin's words. */
export const namespaceOf = (plugin: string) => `plugin-${plugin}`;

/** The area a plugin's fields are keyed under in an entry (`guestbook.mood`): its name, `-` as `_`. */
export const areaOf = (plugin: string) => plugin.replaceAll('-', '_');

/**
 * Runs each module's setup with a context of its own and gathers what it adds. As on the server,
 * a setup only declares: what a module adds counts only once its setup has returned (or resolved)
 * without throwing, so a failing module leaves nothing half-registered, only its notice.
 */
export async function registerModules(
  modules: readonly ImportedModule[],
  host: ExtensionHost,
): Promise<Extensions> {
  const extensions: Extensions = {
    screens: [],
    panels: [],
    widgets: [],
    columns: [],
    filters: [],
    failures: [],
  };
  const settled = await Promise.all(
    modules.map(async (imported) => {
      try {
        return { imported, staged: await stage(imported, host) };
      } catch (error) {
        return { imported, failure: reasonOf(error) };
      }
    }),
  );
  for (const outcome of settled) {
    if (!outcome.staged) {
      extensions.failures.push({ plugin: outcome.imported.plugin, reason: outcome.failure });
      continue;
    }
    const { staged } = outcome;
    for (const [namespace, resources] of staged.translations) host.addTranslations(namespace, resources);
    extensions.screens.push(...staged.screens);
    extensions.panels.push(...staged.panels);
    extensions.widgets.push(...staged.widgets);
    extensions.columns.push(...staged.columns);
    extensions.filters.push(...staged.filters);
  }
  return extensions;
}

interface Staged {
  screens: ScreenEntry[];
  panels: PanelEntry[];
  widgets: WidgetEntry[];
  columns: ColumnEntry[];
  filters: FilterEntry[];
  translations: Array<[string, Readonly<Record<string, AdminMessages>>]>;
}

async function stage({ plugin, version, module }: ImportedModule, host: ExtensionHost): Promise<Staged> {
  if ('failed' in module) throw new Error(module.failed);
  const setup = module.default;
  if (typeof setup !== 'function')
    throw new Error('its module has no default export: export default defineAdmin((admin) => { ... })');
  const namespace = namespaceOf(plugin);
  const owned = { plugin, namespace };
  const staged: Staged = { screens: [], panels: [], widgets: [], columns: [], filters: [], translations: [] };
  const context: AdminContext = Object.freeze({
    plugin,
    version,
    namespace,
    screen(screen: AdminScreen) {
      if (typeof screen?.path !== 'string' || !SCREEN_PATH.test(screen.path))
        throw new Error(
          `screen path "${String(screen?.path)}" must be segments of a-z, 0-9 and - joined by /`,
        );
      if (staged.screens.some((known) => known.path === screen.path))
        throw new Error(`screen path "${screen.path}" is declared twice`);
      requireText(screen.title, `screen ${screen.path}: title`);
      requireText(screen.permission, `screen ${screen.path}: permission`);
      requireComponent(screen.component, `screen ${screen.path}`);
      const nav = screen.nav;
      if (nav && nav.group !== undefined && !GROUPS.includes(nav.group))
        throw new Error(
          `screen ${screen.path}: nav group "${String(nav.group)}" is none of ${GROUPS.join(', ')}`,
        );
      staged.screens.push({
        ...owned,
        path: screen.path,
        title: screen.title,
        permission: screen.permission,
        component: screen.component,
        nav:
          nav === false ? null : { ...(nav?.icon ? { icon: nav.icon } : {}), group: nav?.group ?? 'plugins' },
      });
    },
    editorPanel(panel: EditorPanel) {
      const types = panel?.types;
      if (types !== '*' && !(Array.isArray(types) && types.every((type) => typeof type === 'string')))
        throw new Error("an editor panel's types are a list of content type slugs, or '*'");
      requireText(panel.title, 'editor panel: title');
      requireComponent(panel.component, `editor panel ${panel.title}`);
      staged.panels.push({
        ...owned,
        key: `${plugin}:${staged.panels.length}`,
        types,
        title: panel.title,
        component: panel.component,
      });
    },
    listColumn(column: ListColumn) {
      const types = column?.types;
      if (types !== '*' && !(Array.isArray(types) && types.every((type) => typeof type === 'string')))
        throw new Error("a list column's types are a list of content type slugs, or '*'");
      requireText(column.title, 'list column: title');
      if (column.permission !== undefined)
        requireText(column.permission, `column ${column.title}: permission`);
      requireComponent(column.cell, `column ${column.title}`);
      staged.columns.push({ ...owned, ...column, key: `${plugin}:${staged.columns.length}` });
    },
    listFilter(filter: ListFilter) {
      const types = filter?.types;
      if (types !== '*' && !(Array.isArray(types) && types.every((type) => typeof type === 'string')))
        throw new Error("a list filter's types are a list of content type slugs, or '*'");
      if (typeof filter.filter !== 'string' || !FILTER_KEY.test(filter.filter))
        throw new Error(`list filter "${String(filter.filter)}" must be named <area>.<name> (seo.rating)`);
      requireText(filter.title, `list filter ${filter.filter}: title`);
      if (filter.permission !== undefined)
        requireText(filter.permission, `list filter ${filter.filter}: permission`);
      const options = filter.options;
      if (
        !Array.isArray(options) ||
        options.length === 0 ||
        options.some((option) => typeof option?.value !== 'string' || typeof option.label !== 'string')
      )
        throw new Error(`list filter ${filter.filter}: options are { value, label } pairs`);
      staged.filters.push({ ...owned, ...filter });
    },
    dashboardWidget(widget: DashboardWidget) {
      requireText(widget?.title, 'dashboard widget: title');
      if (widget.permission !== undefined)
        requireText(widget.permission, `widget ${widget.title}: permission`);
      requireComponent(widget.component, `widget ${widget.title}`);
      staged.widgets.push({ ...owned, ...widget, key: `${plugin}:${staged.widgets.length}` });
    },
    translations(resources: Readonly<Record<string, AdminMessages>>) {
      const valid =
        resources !== null &&
        typeof resources === 'object' &&
        Object.values(resources).every((words) => words !== null && typeof words === 'object');
      if (!valid) throw new Error('translations take an object of languages, each an object of words');
      staged.translations.push([namespace, resources]);
    },
    api: host.api(plugin),
    core: host.core,
    useTranslation: () => host.useTranslation(namespace),
    useCan: host.useCan,
    components: host.components,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`its setup did not finish within ${SETUP_TIMEOUT_MS / 1000} seconds`)),
      SETUP_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([Promise.resolve().then(() => setup(context)), late]);
  } finally {
    clearTimeout(timer);
  }
  return staged;
}

function requireText(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${what} must be a non-empty string`);
}

/** A function component, or what memo, forwardRef and lazy make (objects React renders). */
function requireComponent(value: unknown, what: string): void {
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null))
    throw new Error(`${what}: component must be a React component`);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
