import { definePlugin } from '@tessera/plugin';
import { formsService } from './forms-service.js';
import { declareMails } from './mail.js';
import { publicService } from './public-service.js';
import { formRoutes, MANAGE, SUBMISSIONS } from './routes.js';
import { formSchemas } from './schemas.js';
import { DEFAULTS, settingsSchema } from './settings.js';
import { sitePages } from './site.js';
import { submissionsService } from './submissions-service.js';

/**
 * Tessera's forms plugin: what Gravity Forms, WPForms and Contact Form 7 do for WordPress, through
 * the plugin context alone. Forms built in the admin, shown on the site in a block or on their own
 * page, their rules checked in the browser and on the server, spam turned away, submissions stored
 * per form version with their files, mailed, announced to webhooks, searched, read, exported and
 * deleted on a schedule.
 */
export default definePlugin((plugin) => {
  plugin.permissions.register(MANAGE, 'Create, edit and delete forms');
  plugin.permissions.register(
    SUBMISSIONS,
    'Read, mark, delete and export forms’ submissions and their files',
  );
  plugin.settings.define(settingsSchema(plugin), DEFAULTS, {
    description:
      'Forms: how often a visitor may send one, spam checks, how long submissions are kept, uploads',
  });
  declareMails(plugin);
  plugin.events.declare('form.submitted', {
    description: 'A visitor sent a form: the form, and the submission’s values and files’ names',
  });
  plugin.hooks.declare('forms.submitted', 'after_commit');

  const forms = formsService(plugin);
  const submissions = submissionsService(plugin);
  formRoutes(plugin, formSchemas(plugin.schema), forms, submissions);
  sitePages(plugin, publicService(plugin));

  plugin.jobs.define('forms.retention', async (_payload, run) => {
    if (!run.operation) return;
    const deleted = await submissions.sweep(run.operation);
    if (deleted > 0) run.log.info({ deleted }, 'old submissions deleted');
  });
  plugin.jobs.schedule('forms.retention', '17 3 * * *', {}, { perSite: true });
});
