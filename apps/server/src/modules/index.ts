import type { TesseraModule } from '../core/modules/module.js';
import { accountsModule } from './accounts/module.js';
import { activityModule } from './activity/module.js';
import { adminAppModule } from './admin-app/module.js';
import { analyticsModule } from './analytics/module.js';
import { commentsModule } from './comments/module.js';
import { contentModule } from './content/module.js';
import { emailTemplatesModule } from './email-templates/module.js';
import { feedsModule } from './feeds/module.js';
import { identityModule } from './identity/module.js';
import { jobsModule } from './jobs/module.js';
import { mcpModule } from './mcp/module.js';
import { mediaModule } from './media/module.js';
import { navigationModule } from './navigation/module.js';
import { newsletterModule } from './newsletter/module.js';
import { patternsModule } from './patterns/module.js';
import { pluginsModule } from './plugins/module.js';
import { publicModule } from './public/module.js';
import { searchModule } from './search/module.js';
import { settingsModule } from './settings/module.js';
import { sitesModule } from './sites/module.js';
import { webhooksModule } from './webhooks/module.js';

/** Every core domain module, in setup and registration order; plugins come last, on top of them all. */
export const modules: readonly TesseraModule[] = [
  identityModule,
  activityModule,
  jobsModule,
  sitesModule,
  settingsModule,
  contentModule,
  mediaModule,
  feedsModule,
  searchModule,
  webhooksModule,
  emailTemplatesModule,
  newsletterModule,
  commentsModule,
  // Site accounts: before plugins, which build on them (customers, members).
  accountsModule,
  pluginsModule,
  // Before the public site: its menus are forgotten before the pages that show them.
  navigationModule,
  patternsModule,
  analyticsModule,
  mcpModule,
  adminAppModule,
  publicModule,
];
