/** An entry of the main navigation, shown to those holding its permission (none: everyone). */
export interface NavItem {
  path: string;
  /** A translation key; or, with `text`, ignored. */
  label: string;
  /** The label as it is (a custom type's own name). */
  text?: string;
  permission?: string;
}

/** The screens of the admin, in the order the navigation lists them; each a translation key. */
export const NAVIGATION: readonly NavItem[] = [
  { path: '/', label: 'nav.dashboard' },
  { path: '/content/post', label: 'nav.posts', permission: 'posts.view' },
  { path: '/content/page', label: 'nav.pages', permission: 'pages.view' },
  { path: '/taxonomies/category', label: 'nav.categories', permission: 'taxonomies.manage' },
  { path: '/taxonomies/tag', label: 'nav.tags', permission: 'taxonomies.manage' },
  { path: '/media', label: 'nav.media', permission: 'media.view' },
  // Editors hold menus.manage; widgets, themes and the design tokens' settings are an Admin's.
  // The path opens the first appearance screen the user may use.
  { path: '/appearance', label: 'nav.appearance', permission: 'menus.manage' },
  { path: '/comments', label: 'nav.comments', permission: 'comments.moderate' },
  { path: '/analytics', label: 'nav.analytics', permission: 'analytics.view' },
  { path: '/activity', label: 'nav.activity', permission: 'activity.view' },
  { path: '/users', label: 'nav.users', permission: 'users.view' },
  { path: '/roles', label: 'nav.roles', permission: 'roles.view' },
  { path: '/content-types', label: 'nav.contentTypes', permission: 'content_types.manage' },
  { path: '/settings', label: 'nav.settings', permission: 'settings.view' },
  { path: '/webhooks', label: 'nav.webhooks', permission: 'webhooks.manage' },
  { path: '/plugins', label: 'nav.plugins', permission: 'plugins.manage' },
  { path: '/jobs', label: 'nav.jobs', permission: 'jobs.manage' },
  { path: '/sites', label: 'nav.allSites', permission: 'sites.view' },
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
    }));
  const pages = NAVIGATION.findIndex((item) => item.path === '/content/page');
  return [...NAVIGATION.slice(0, pages + 1), ...custom, ...NAVIGATION.slice(pages + 1)].filter(
    (item) => !item.permission || can(item.permission),
  );
}
