import type { App } from '../../../core/http/app-type.js';
import type { Runtime } from '../../../core/runtime.js';
import { newsletterSignerOf } from '../signing.js';
import { CampaignReports } from './report.js';
import { campaignApiRoutes } from './routes.js';
import { defineSendingJobs } from './sending.js';
import { CampaignsService } from './service.js';
import { registerNewsletterSettings } from './settings.js';
import { CampaignTracking } from './tracking.js';
import { trackingRoutes } from './tracking-routes.js';

/** Declares the campaigns half's job handlers, hooks and settings (every process). */
export function setupCampaigns(runtime: Runtime): void {
  registerNewsletterSettings(runtime);
  defineSendingJobs(runtime, newsletterSignerOf(runtime));
}

/** The campaigns half's API and public routes (the server only). */
export function campaignRoutes(app: App, runtime: Runtime): void {
  const signer = newsletterSignerOf(runtime);
  const campaigns = new CampaignsService(runtime, signer);
  campaignApiRoutes(app, runtime, campaigns, new CampaignReports(runtime, campaigns));
  trackingRoutes(app, runtime, new CampaignTracking(runtime, signer));
}
