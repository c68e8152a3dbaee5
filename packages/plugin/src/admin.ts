/**
 * `@tessera/plugin/admin`: what a plugin's admin module is written against. The module is an ES
 * module named by `tessera.admin` in the plugin's package.json; the admin imports it at run time on
 * the sites where the plugin is active, without being rebuilt, and calls its default export with an
 * {@link AdminContext}:
 *
 * ```js
 * import { createElement as h } from 'react';
 * import { defineAdmin } from '@tessera/plugin/admin';
 *
 * export default defineAdmin((admin) => {
 *   admin.screen({ path: 'moderation', title: 'Moderation', permission: 'guestbook.moderate',
 *     component: () => h('p', null, 'Entries to look at') });
 * });
 * ```
 *
 * React, React Router, Mantine (`@mantine/core`, `@mantine/hooks`), TanStack Query, i18next and
 * react-i18next are the admin's own, lent through an import map: import them by their bare names
 * and bundle none of them (one React in the page, the admin's theme and query cache). Their types
 * come from the author's own dev dependencies. The module runs in the admin's page with the signed-in
 * user's session: it is code a Super Admin installs, as trusted as the admin itself.
 */
import type { ComponentType } from 'react';

/** A language's words (nested keys, as i18next takes them); `{{name}}` is a value put in. */
export interface AdminMessages {
  [key: string]: string | AdminMessages;
}

/** The headings of the admin's navigation; `plugins` (the default) is one of its own, last. */
export type AdminNavGroup = 'content' | 'appearance' | 'site' | 'settings' | 'plugins';

/** What a screen's component is given. */
export interface AdminScreenProps {
  /** The address after the screen's own (`'12'` at /admin/plugins/shop/orders/12), '' on the screen itself. */
  subpath: string;
}

/** A screen of the plugin, at /admin/plugins/<plugin>/<path>. */
export interface AdminScreen {
  /** Segments of a-z, 0-9 and -, joined by `/`: `moderation`, `orders/open`. */
  path: string;
  /**
   * Its heading and navigation entry: a key of the plugin's translations, or the words themselves
   * when there is no such key.
   */
  title: string;
  /**
   * Only users holding it see the navigation entry and may open the screen (others get the admin's
   * "not found"). The routes the screen calls check it again on the server: this only hides.
   */
  permission: string;
  /** Its entry in the navigation (under `plugins` unless another group is named); `false` for none. */
  nav?: { icon?: ComponentType; group?: AdminNavGroup } | false;
  component: ComponentType<AdminScreenProps>;
}

/** A field a plugin adds to a content type, as `GET /api/content-types` gives it in `plugin_fields`. */
export interface AdminPluginField {
  /** `<area>.<key>`: where its value is in an entry's `fields`. */
  key: string;
  plugin: string;
  label: string;
  type: string;
  required?: boolean;
  help_text?: string;
  choices?: Array<{ value: string; label: string }>;
  multiple?: boolean;
}

/** The entry in the editor as it is on screen: its saved state with the unsaved changes on top. */
export interface EditedEntry {
  /** null until a new entry is first saved. */
  id: number | null;
  type: string;
  /** null until a new entry is first saved. */
  status: string | null;
  title: string;
  slug: string;
  excerpt: string;
  author_id: number | null;
  parent_id: number | null;
  featured_media_id: number | null;
  /** Every field value: the type's own and the plugins' (`<area>.<key>`). */
  fields: Readonly<Record<string, unknown>>;
  terms: Readonly<Record<string, number[]>>;
}

/** What an editor panel's component is given, again on every change in the editor. */
export interface EditorPanelProps {
  entry: EditedEntry;
  /** The plugin's own field values on this entry, keyed `<area>.<key>` as in `entry.fields`. */
  fields: Readonly<Record<string, unknown>>;
  /** The definitions of the fields the plugin adds to this entry's type. */
  definitions: readonly AdminPluginField[];
  /**
   * Changes one of the plugin's fields (`<area>.<key>`) in the editor's unsaved state: the editor
   * shows it unsaved, and its own Save sends it with the rest. Another key throws.
   */
  setField(key: string, value: unknown): void;
  /** The entry cannot be changed (no permission, in the trash, locked by someone else). */
  readOnly: boolean;
}

/** A panel beside the entry editor, for entries of the types named. */
export interface EditorPanel {
  /** Content type slugs (`['post', 'page']`), or `'*'` for every type. */
  types: readonly string[] | '*';
  /** Its heading: a key of the plugin's translations, or the words themselves. */
  title: string;
  component: ComponentType<EditorPanelProps>;
}

/** An entry as the content list shows it in a row. */
export interface ListedEntry {
  id: number;
  type: string;
  title: string;
  slug: string;
  status: string;
  locale: string;
  /** Site-relative. */
  url: string;
  /** Every field value: the type's own and the plugins' (`<area>.<key>`). */
  fields: Readonly<Record<string, unknown>>;
}

/** What a list column's cell is given. */
export interface ListColumnCellProps {
  entry: ListedEntry;
  /**
   * Every entry of the page of the list: a cell that needs data from the plugin's routes asks for
   * all of them at once, in one query keyed by their ids (TanStack Query shares it between the cells).
   */
  entries: readonly ListedEntry[];
}

/** A column of the content list of the types named, after the type's own. */
export interface ListColumn {
  /** Content type slugs, or `'*'` for every type. */
  types: readonly string[] | '*';
  /** Its header: a key of the plugin's translations, or the words themselves. */
  title: string;
  /** Shown only to users holding it; to everyone without. */
  permission?: string;
  cell: ComponentType<ListColumnCellProps>;
}

/**
 * A filter above the content list of the types named, on a list filter the plugin's server side
 * declares (`plugin.content.listFilter`): a choice among its values, sent as `filter=<key>:<value>`.
 */
export interface ListFilter {
  /** Content type slugs, or `'*'` for every type. */
  types: readonly string[] | '*';
  /** The filter as the API names it: the plugin's area, a dot, the name it declared (`seo.rating`). */
  filter: string;
  /** Its label: a key of the plugin's translations, or the words themselves. */
  title: string;
  /** Shown only to users holding it; to everyone without. */
  permission?: string;
  /** The values offered, each with its label (a key of the plugin's translations, or the words). */
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A card on the dashboard. */
export interface DashboardWidget {
  /** Its heading: a key of the plugin's translations, or the words themselves. */
  title: string;
  /** Shown only to users holding it; to everyone without. */
  permission?: string;
  component: ComponentType;
}

/** A query string's values; undefined ones are left out, a list repeats the name. */
export type AdminQuery = Record<
  string,
  string | number | boolean | undefined | ReadonlyArray<string | number>
>;

/**
 * The plugin's own routes (`/api/<plugin>/...`) with the admin's session: its cookie, and the CSRF
 * token on POST, PUT, PATCH and DELETE. Each resolves to the answer's `data` (null for a 204) and
 * rejects with an {@link AdminApiError}. Paths are the plugin's own, starting with `/`.
 *
 * @example
 *   const entries = await admin.api.get<Entry[]>('/entries', { limit: 50 });
 *   await admin.api.delete(`/entries/${id}`);
 */
export interface AdminApi {
  get<T = unknown>(path: string, query?: AdminQuery): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown): Promise<T>;
}

/** `t` of the plugin's translations, in the interface's language. */
export type AdminTranslate = (key: string, values?: Record<string, unknown>) => string;

/** What a plugin's admin module is handed: everything it adds to the admin goes through it. */
export interface AdminContext {
  /** The plugin's name, as in its manifest. */
  readonly plugin: string;
  readonly version: string;
  /** Its i18next namespace (`plugin-<name>`), for react-i18next's own `useTranslation(ns)`. */
  readonly namespace: string;
  screen(screen: AdminScreen): void;
  editorPanel(panel: EditorPanel): void;
  dashboardWidget(widget: DashboardWidget): void;
  listColumn(column: ListColumn): void;
  listFilter(filter: ListFilter): void;
  /** Its words by language (`{ en: {...}, fr: {...} }`): the admin shows English and French. */
  translations(resources: Readonly<Record<string, AdminMessages>>): void;
  readonly api: AdminApi;
  /**
   * The core's REST API with the same session and CSRF handling: full paths (`/api/posts`,
   * `/api/content/product/12`), each resolving to the answer's `data`. The server checks the user's
   * permissions on each call, as for the admin's own.
   */
  readonly core: AdminApi;
  /** A hook, for its components: `t` of its translations, and the interface's language. */
  useTranslation(): { t: AdminTranslate; language: string };
  /** A hook, for its components: whether the signed-in user holds a permission. */
  useCan(): (permission: string) => boolean;
  /** The admin's own inputs, for its components: they look and behave as the core's. */
  readonly components: AdminComponents;
}

/** What the admin's own inputs lend plugins' components. */
export interface AdminComponents {
  /**
   * Media from the site's library, as the entry editor's image and file fields choose them: the
   * chosen items as thumbnails, and a button opening the library (search, upload, pick).
   */
  MediaField: ComponentType<MediaFieldProps>;
}

export interface MediaFieldProps {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  /** The chosen media ids; one at most unless `multiple`. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  multiple?: boolean;
  /** Shown, not changed. */
  disabled?: boolean;
  /** The kinds offered (`['image']`); every kind without. */
  kinds?: ReadonlyArray<'image' | 'video' | 'audio' | 'document' | 'archive'>;
}

/**
 * The module's default export. It runs once each time the admin loads the modules (after sign-in),
 * and only declares: nothing it adds is shown unless it returns (or resolves) without throwing.
 */
export type AdminSetup = (admin: AdminContext) => void | Promise<void>;

/** Types an admin module's setup; returns it unchanged. `export default defineAdmin((admin) => { ... })`. */
export function defineAdmin<S extends AdminSetup>(setup: S): S {
  return setup;
}

/**
 * A call to the plugin's routes that failed: the error envelope (spec 7) with the status. `errors`
 * holds the per-field messages (`{ "name": ["Too long"] }`), `code` the stable code to test.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly errors: Readonly<Record<string, string[]>>;
  readonly requestId: string | null;

  constructor(envelope: {
    status: number;
    message: string;
    code?: string | null;
    errors?: Record<string, string[]>;
    requestId?: string | null;
  }) {
    super(envelope.message);
    this.name = 'AdminApiError';
    this.status = envelope.status;
    this.code = envelope.code ?? null;
    this.errors = envelope.errors ?? {};
    this.requestId = envelope.requestId ?? null;
  }
}
