import { definePlugin } from '@tessera/plugin';
import { accountHooks } from './account-hooks.js';
import { membersMails } from './mail.js';
import { memberRoutes } from './members-routes.js';
import { membersService } from './members-service.js';
import { MESSAGES } from './messages.js';
import { MANAGE, MANAGE_PLANS, RESTRICT, VIEW } from './model.js';
import { planRoutes } from './plans-routes.js';
import { plansService } from './plans-service.js';
import { profileFields } from './profile-fields.js';
import { restrictions } from './restrictions.js';
import { DEFAULTS, settingsSchema } from './settings.js';
import { sitePages } from './site.js';

/**
 * Tessera's members plugin: plans a site offers, memberships on the site's own accounts (a member
 * who also buys in the shop signs in once), profile fields administrators define with the content
 * engine's field types, joining on the site, managing members in the administration, and entries
 * restricted by plan on every surface (the core's `entry.access`). Paid plans come later.
 */
export default definePlugin((plugin) => {
  plugin.messages.define(MESSAGES);
  plugin.permissions.register(VIEW, 'See members, their plans and history, and export them');
  plugin.permissions.register(
    MANAGE,
    'Change members’ plans, comp, suspend, resume and cancel memberships, edit profile fields',
  );
  plugin.permissions.register(MANAGE_PLANS, 'Create, change, archive and delete plans');
  plugin.permissions.register(RESTRICT, 'Restrict entries to members, or to members of given plans');
  plugin.settings.define(settingsSchema(plugin), DEFAULTS, {
    description: 'Who may join, the plan offered first, the welcome mail',
  });
  membersMails(plugin);
  accountHooks(plugin);
  const plans = plansService(plugin);
  const profile = profileFields(plugin);
  const members = membersService(plugin, profile);
  planRoutes(plugin, plans);
  memberRoutes(plugin, members, profile, plans);
  sitePages(plugin, members, profile);
  restrictions(plugin);
});
