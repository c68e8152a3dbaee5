import { definePlugin } from '@tessera/plugin';
import { formsService } from './forms-service.js';
import { declareMails } from './mail.js';
import { formRoutes, MANAGE, SUBMISSIONS } from './routes.js';
import { formSchemas } from './schemas.js';
import { DEFAULTS, settingsSchema } from './settings.js';
import { submissionsService } from './submissions-service.js';

/**
 * Tessera's forms plugin: what Gravity Forms, WPForms and Contact Form 7 do for WordPress, through
 * the plugin context alone. Forms built in the admin, their rules checked in the browser and on the
 * server, submissions stored per form version, searched, read, exported and deleted on a schedule.
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

  const forms = formsService(plugin);
  const submissions = submissionsService(plugin);
  formRoutes(plugin, formSchemas(plugin.schema), forms, submissions);

  plugin.jobs.define('forms.retention', async (_payload, run) => {
    if (!run.operation) return;
    const deleted = await submissions.sweep(run.operation);
    if (deleted > 0) run.log.info({ deleted }, 'old submissions deleted');
  });
  plugin.jobs.schedule('forms.retention', '17 3 * * *', {}, { perSite: true });
});
