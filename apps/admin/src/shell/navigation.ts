/** An entry of the main navigation, shown to those holding its permission (none: everyone). */
export interface NavItem {
  path: string;
  label: string;
  permission?: string;
}

/** The screens of the admin, in the order the navigation lists them; each a translation key. */
export const NAVIGATION: readonly NavItem[] = [
  { path: '/', label: 'nav.dashboard' },
  { path: '/content/post', label: 'nav.posts', permission: 'posts.view' },
  { path: '/content/page', label: 'nav.pages', permission: 'pages.view' },
  { path: '/comments', label: 'nav.comments', permission: 'comments.moderate' },
  { path: '/analytics', label: 'nav.analytics', permission: 'analytics.view' },
  { path: '/activity', label: 'nav.activity', permission: 'activity.view' },
];

/** What a user's navigation shows: nothing that would answer 403. */
export function navigationFor(can: (permission: string) => boolean): NavItem[] {
  return NAVIGATION.filter((item) => !item.permission || can(item.permission));
}
