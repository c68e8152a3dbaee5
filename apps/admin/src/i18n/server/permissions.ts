/**
 * What each permission lets a role do, in the server's words (modules/identity/permissions.ts), by
 * area and action; a custom content type's are under `contentType`, its label as `{{label}}`. A
 * plugin's permissions keep the words the plugin gives them. permissions.fr.ts says them in French.
 */
export const en = {
  core: {
    pages: {
      view: 'See pages in the administration, drafts included',
      create: 'Create pages',
      edit: 'Edit own pages',
      edit_others: "Edit other users' pages",
      delete: 'Delete own pages',
      delete_others: "Delete other users' pages",
      publish: 'Publish and schedule own pages',
      publish_others: "Publish and schedule other users' pages",
    },
    posts: {
      view: 'See posts in the administration, drafts included',
      create: 'Create posts',
      edit: 'Edit own posts',
      edit_others: "Edit other users' posts",
      delete: 'Delete own posts',
      delete_others: "Delete other users' posts",
      publish: 'Publish and schedule own posts',
      publish_others: "Publish and schedule other users' posts",
    },
    content: { review: 'Approve or send back content submitted for review' },
    media: {
      view: 'Browse the media library',
      upload: 'Upload files',
      edit: 'Edit own media details',
      edit_others: "Edit other users' media details",
      delete: 'Delete own media',
      delete_others: "Delete other users' media",
    },
    users: {
      view: 'See the users of the site',
      create: 'Add users to the site',
      edit: 'Edit users and their roles',
      delete: 'Remove users',
    },
    roles: {
      view: 'See roles and their permissions',
      create: 'Create custom roles',
      edit: 'Change roles and their permissions',
      delete: 'Delete custom roles',
    },
    settings: { view: 'See site settings', edit: 'Change site settings' },
    plugins: { manage: 'Install, activate and configure plugins' },
    themes: { manage: 'Install, switch and configure themes' },
    comments: {
      view: 'See all comments, pending ones included',
      moderate: 'Approve, hold or mark comments as spam',
      edit: 'Edit comments',
      delete: 'Delete comments',
    },
    accounts: {
      view: 'See the site accounts: the visitors who registered on the site',
      manage: 'Suspend, delete, anonymise and export site accounts',
    },
    taxonomies: { manage: 'Manage categories, tags and custom taxonomies' },
    content_types: { manage: 'Define custom content types and their fields' },
    menus: { manage: 'Manage navigation menus' },
    redirects: { manage: 'Redirect old addresses of the site to new ones, or mark them gone' },
    widgets: { manage: 'Manage widgets, header and footer sections' },
    patterns: { manage: 'Manage reusable block patterns and design tokens' },
    webhooks: { manage: 'Manage webhooks and see their deliveries' },
    analytics: { view: 'See analytics and export them' },
    activity: { view: 'See and export the activity log' },
    sites: { view: 'See every site of the installation', manage: 'Create, configure and disable sites' },
    translations: { manage: 'Manage languages and translations' },
    email_templates: { manage: 'Edit email templates' },
    newsletter: { manage: 'Manage newsletter subscribers', send: 'Send newsletters' },
    branding: { manage: 'Change the administration branding' },
    account: {
      manage:
        'Change your own account (profile, email, password, two-factor, revoking your tokens). Every user holds it for their own account and sessions always have it; an API token narrowed to a list of permissions has it only when the list names it',
    },
    tokens: { create: 'Create API tokens for oneself', manage: "See and revoke other users' API tokens" },
    jobs: { manage: 'See failed background jobs and retry them' },
  },
  contentType: {
    view: 'See {{label}} in the administration, drafts included',
    create: 'Create {{label}}',
    edit: 'Edit own {{label}}',
    edit_others: "Edit other users' {{label}}",
    delete: 'Delete own {{label}}',
    delete_others: "Delete other users' {{label}}",
    publish: 'Publish and schedule own {{label}}',
    publish_others: "Publish and schedule other users' {{label}}",
  },
};
