import type { ComponentType } from 'react';

/** An entry of the main navigation, shown to those holding its permission (none: everyone). */
export interface NavItem {
  path: string;
  /** A translation key; or, with `text`, ignored. */
  label: string;
  /** The label as it is (a custom type's own name). */
  text?: string;
  permission?: string;
  /** The heading it is listed under, as WordPress groups its menu; none for the dashboard. */
  group?: NavGroup;
  /** Drawn before the label (plugins' screens may bring one). */
  icon?: ComponentType;
}

/** `plugins` heads the screens of plugins that name no other group, after everything else. */
export type NavGroup = 'content' | 'appearance' | 'site' | 'settings' | 'plugins';

/** The screens of the admin, in the order the navigation lists them; each a translation key. */
export const NAVIGATION: readonly NavItem[] = [
  { path: '/', label: 'nav.dashboard' },
  { path: '/content/post', label: 'nav.posts', permission: 'posts.view', group: 'content' },
  { path: '/content/page', label: 'nav.pages', permission: 'pages.view', group: 'content' },
  {
    path: '/taxonomies/category',
    label: 'nav.categories',
    permission: 'taxonomies.manage',
    group: 'content',
  },
  { path: '/taxonomies/tag', label: 'nav.tags', permission: 'taxonomies.manage', group: 'content' },
  { path: '/media', label: 'nav.media', permission: 'media.view', group: 'content' },
  { path: '/comments', label: 'nav.comments', permission: 'comments.moderate', group: 'content' },
  // Editors hold menus.manage; widgets, themes and the design tokens' settings are an Admin's.
  // The path opens the first appearance screen the user may use.
  { path: '/appearance', label: 'nav.appearance', permission: 'menus.manage', group: 'appearance' },
  { path: '/analytics', label: 'nav.analytics', permission: 'analytics.view', group: 'site' },
  { path: '/activity', label: 'nav.activity', permission: 'activity.view', group: 'site' },
  { path: '/users', label: 'nav.users', permission: 'users.view', group: 'site' },
  { path: '/roles', label: 'nav.roles', permission: 'roles.view', group: 'site' },
  { path: '/accounts', label: 'nav.accounts', permission: 'accounts.view', group: 'site' },
  { path: '/newsletter', label: 'nav.newsletter', permission: 'newsletter.manage', group: 'site' },
  { path: '/sites', label: 'nav.allSites', permission: 'sites.view', group: 'site' },
  { path: '/settings', label: 'nav.settings', permission: 'settings.view', group: 'settings' },
  {
    path: '/content-types',
    label: 'nav.contentTypes',
    permission: 'content_types.manage',
    group: 'settings',
  },
  { path: '/webhooks', label: 'nav.webhooks', permission: 'webhooks.manage', group: 'settings' },
  {
    path: '/email-templates',
    label: 'nav.emailTemplates',
    permission: 'email_templates.manage',
    group: 'settings',
  },
  { path: '/plugins', label: 'nav.plugins', permission: 'plugins.manage', group: 'settings' },
  { path: '/jobs', label: 'nav.jobs', permission: 'jobs.manage', group: 'settings' },
];

/** A custom content type as the navigation knows it. */
export interface CustomType {
  slug: string;
  plural_label: string;
  builtin: boolean;
  display: { menu_position: number };
}

/**
 * What a user's navigation shows: nothing that would answer 403. Custom types follow pages, in
 * their menu position, each for those who may view its entries.
 */
export function navigationFor(
  can: (permission: string) => boolean,
  types: readonly CustomType[] = [],
): NavItem[] {
  const custom = types
    .filter((type) => !type.builtin)
    .sort((a, b) => a.display.menu_position - b.display.menu_position || a.slug.localeCompare(b.slug))
    .map((type) => ({
      path: `/content/${type.slug}`,
      label: '',
      text: type.plural_label,
      permission: `${type.slug}.view`,
      group: 'content' as const,
    }));
  const pages = NAVIGATION.findIndex((item) => item.path === '/content/page');
  return [...NAVIGATION.slice(0, pages + 1), ...custom, ...NAVIGATION.slice(pages + 1)].filter(
    (item) => !item.permission || can(item.permission),
  );
}

/** A plugin's screen as the navigation lists it (see extensions/registry.ts). */
export interface PluginNavEntry {
  path: string;
  /** Its title, already in the interface's language. */
  text: string;
  permission: string;
  group: NavGroup;
  icon?: ComponentType;
}

/**
 * The navigation with plugins' screens the user may open: each at the end of its group (after the
 * core's entries there, in the order the plugins declared them), and those of the `plugins` group
 * under their own heading at the very end.
 */
export function withPluginScreens(
  items: readonly NavItem[],
  screens: readonly PluginNavEntry[],
  can: (permission: string) => boolean,
): NavItem[] {
  const result = [...items];
  for (const screen of screens) {
    if (!can(screen.permission)) continue;
    const item: NavItem = {
      path: screen.path,
      label: '',
      text: screen.text,
      permission: screen.permission,
      group: screen.group,
      ...(screen.icon ? { icon: screen.icon } : {}),
    };
    const last = result.findLastIndex((existing) => existing.group === screen.group);
    if (last < 0) result.push(item);
    else result.splice(last + 1, 0, item);
  }
  return result;
}

/**
 * The path of the entry for the screen at `pathname`: the longest that is the address or starts it
 * (a plugin's /plugins/shop/orders, not the Plugins screen at /plugins); the dashboard only at /.
 */
export function currentItem(items: readonly NavItem[], pathname: string): string | null {
  let found: string | null = null;
  for (const { path } of items) {
    const here = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (here && (found === null || path.length > found.length)) found = path;
  }
  return found;
}
