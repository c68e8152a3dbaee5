import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { campaignRoutes, setupCampaigns } from './campaigns/index.js';
import { setupSubscribers, subscriberRoutes } from './subscribers/index.js';
import './tables.js';

/**
 * The newsletter (issue 37): lists and subscribers (CSV import and export, the public form with
 * double opt-in), campaigns written in email-safe blocks, sent in throttled batches through the job
 * queue, and tracked per recipient.
 */
export const newsletterModule: TesseraModule = {
  name: 'newsletter',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  setup(runtime) {
    setupSubscribers(runtime);
    setupCampaigns(runtime);
  },
  routes(app, runtime) {
    subscriberRoutes(app, runtime);
    campaignRoutes(app, runtime);
  },
};
