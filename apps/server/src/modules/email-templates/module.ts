import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { emailTemplateRoutes } from './routes.js';
import { EmailTemplatesService } from './service.js';

export { renderSiteMail, type SiteMailOptions, siteUrlOf } from './site-mail.js';

/**
 * Email templates (issue 37): every mail a site sends renders from its template for the event
 * (the site's own, else the default) in the recipient's language, in the site's layout.
 */
export const emailTemplatesModule: TesseraModule = {
  name: 'email-templates',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  routes(app, runtime) {
    emailTemplateRoutes(app, runtime, new EmailTemplatesService(runtime));
  },
};
