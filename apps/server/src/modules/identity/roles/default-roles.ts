/**
 * The roles every site gets, modelled on WordPress's. Super Admin is global (a user flag) and holds
 * every permission on every site; its row exists on each site so it can be shown and assigned.
 */
export interface DefaultRole {
  slug: string;
  name: string;
  description: string;
  /** Permission ids, or 'all' for every registered permission, or 'site-wide' for a site Admin. */
  permissions: string[] | 'all' | 'site-wide';
}

// As in WordPress, Contributors and Authors write posts and do not see pages (0031 migrates sites).
const contributor = [
  'posts.view',
  'posts.create',
  'posts.edit',
  'posts.delete',
  'media.view',
  'comments.view',
  'tokens.create',
];

const author = [...contributor, 'posts.publish', 'media.upload', 'media.edit', 'media.delete'];

const editor = [
  ...author,
  'pages.view',
  'pages.create',
  'pages.edit',
  'pages.edit_others',
  'pages.delete',
  'pages.delete_others',
  'pages.publish',
  'pages.publish_others',
  'posts.edit_others',
  'posts.delete_others',
  'posts.publish_others',
  'content.review',
  'media.edit_others',
  'media.delete_others',
  'comments.moderate',
  'comments.edit',
  'comments.delete',
  'taxonomies.manage',
  'menus.manage',
  'patterns.manage',
  'analytics.view',
];

export const SUPER_ADMIN = 'super_admin';

export const defaultRoles: DefaultRole[] = [
  {
    slug: SUPER_ADMIN,
    name: 'Super Admin',
    description: 'Everything on every site, sites included.',
    permissions: 'all',
  },
  { slug: 'admin', name: 'Admin', description: 'Everything within the site.', permissions: 'site-wide' },
  {
    slug: 'editor',
    name: 'Editor',
    description: "Manages everyone's content, comments, taxonomies and menus.",
    permissions: editor,
  },
  {
    slug: 'author',
    name: 'Author',
    description: 'Writes, publishes and deletes their own posts and uploads media.',
    permissions: author,
  },
  {
    slug: 'contributor',
    name: 'Contributor',
    description: 'Writes their own drafts and submits them for review; cannot publish or upload.',
    permissions: contributor,
  },
];

/**
 * Areas that concern the whole installation rather than one site: the sites themselves and the
 * shared job queue (whose jobs and payloads span every site). Only a Super Admin holds them.
 */
export const INSTALLATION_AREAS = ['sites', 'jobs'];

export function isInstallationPermission(id: string): boolean {
  return INSTALLATION_AREAS.some((area) => id.startsWith(`${area}.`));
}

export function permissionsOfDefaultRole(role: DefaultRole, all: readonly string[]): string[] {
  if (role.permissions === 'all') return [...all];
  if (role.permissions === 'site-wide') return all.filter((id) => !isInstallationPermission(id));
  return role.permissions;
}

/**
 * Super Admin and Admin hold sets defined by the catalogue ('all', 'site-wide'), computed on each
 * read rather than stored: a permission a plugin or a later module registers reaches them on every
 * existing site at once. Null for roles whose permissions are stored rows.
 */
export function computedPermissions(
  role: { slug: string; is_default: number },
  all: readonly string[],
): string[] | null {
  if (role.is_default !== 1) return null;
  const definition = defaultRoles.find((d) => d.slug === role.slug);
  if (!definition || Array.isArray(definition.permissions)) return null;
  return permissionsOfDefaultRole(definition, all);
}
