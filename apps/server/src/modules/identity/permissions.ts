import type { PermissionCatalogue } from '../../core/access/permission-catalogue.js';

/**
 * Changing one's own account. Not a role's to grant: every user holds it (access-resolver.ts adds it),
 * so it only matters for API tokens, which keep it only when unrestricted or when their list names it.
 */
export const ACCOUNT_PERMISSION = 'account.manage';

type Entry = [id: string, description: string, others?: string];

/**
 * Tessera's own permissions. Spec 2.7 names the pages, posts, media, users, roles, settings, plugins
 * and themes ones; the rest cover the areas later modules bring, so roles can be set up once.
 */
const corePermissions: Entry[] = [
  ['pages.view', 'See pages in the administration, drafts included'],
  ['pages.create', 'Create pages'],
  ['pages.edit', 'Edit own pages', "Edit other users' pages"],
  ['pages.delete', 'Delete own pages', "Delete other users' pages"],
  ['pages.publish', 'Publish and schedule own pages', "Publish and schedule other users' pages"],
  ['posts.view', 'See posts in the administration, drafts included'],
  ['posts.create', 'Create posts'],
  ['posts.edit', 'Edit own posts', "Edit other users' posts"],
  ['posts.delete', 'Delete own posts', "Delete other users' posts"],
  ['posts.publish', 'Publish and schedule own posts', "Publish and schedule other users' posts"],
  ['content.review', 'Approve or send back content submitted for review'],
  ['media.view', 'Browse the media library'],
  ['media.upload', 'Upload files'],
  ['media.edit', 'Edit own media details', "Edit other users' media details"],
  ['media.delete', 'Delete own media', "Delete other users' media"],
  ['users.view', 'See the users of the site'],
  ['users.create', 'Add users to the site'],
  ['users.edit', 'Edit users and their roles'],
  ['users.delete', 'Remove users'],
  ['roles.view', 'See roles and their permissions'],
  ['roles.create', 'Create custom roles'],
  ['roles.edit', 'Change roles and their permissions'],
  ['roles.delete', 'Delete custom roles'],
  ['settings.view', 'See site settings'],
  ['settings.edit', 'Change site settings'],
  ['plugins.manage', 'Install, activate and configure plugins'],
  ['themes.manage', 'Install, switch and configure themes'],
  ['accounts.view', 'See the site accounts: the visitors who registered on the site'],
  ['accounts.manage', 'Suspend, delete, anonymise and export site accounts'],
  ['comments.view', 'See all comments, pending ones included'],
  ['comments.moderate', 'Approve, hold or mark comments as spam'],
  ['comments.edit', 'Edit comments'],
  ['comments.delete', 'Delete comments'],
  ['taxonomies.manage', 'Manage categories, tags and custom taxonomies'],
  ['content_types.manage', 'Define custom content types and their fields'],
  ['menus.manage', 'Manage navigation menus'],
  ['redirects.manage', 'Redirect old addresses of the site to new ones, or mark them gone'],
  ['widgets.manage', 'Manage widgets, header and footer sections'],
  ['patterns.manage', 'Manage reusable block patterns and design tokens'],
  ['webhooks.manage', 'Manage webhooks and see their deliveries'],
  ['analytics.view', 'See analytics and export them'],
  ['activity.view', 'See and export the activity log'],
  ['sites.view', 'See every site of the installation'],
  ['sites.manage', 'Create, configure and disable sites'],
  ['translations.manage', 'Manage languages and translations'],
  ['email_templates.manage', 'Edit email templates'],
  ['newsletter.manage', 'Manage newsletter subscribers'],
  ['newsletter.send', 'Send newsletters'],
  ['branding.manage', 'Change the administration branding'],
  [
    ACCOUNT_PERMISSION,
    'Change your own account (profile, email, password, two-factor, revoking your tokens). Every user holds it for their own account and sessions always have it; an API token narrowed to a list of permissions has it only when the list names it',
  ],
  ['tokens.create', 'Create API tokens for oneself'],
  ['tokens.manage', "See and revoke other users' API tokens"],
  ['jobs.manage', 'See failed background jobs and retry them'],
];

export function registerCorePermissions(catalogue: PermissionCatalogue): void {
  for (const [id, description, others] of corePermissions) {
    catalogue.register(id, description, others ? { ownable: { othersDescription: others } } : {});
  }
}
