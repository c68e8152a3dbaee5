import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { webhookRoutes } from './routes.js';
import { DELIVER_JOB, SWEEP_JOB, WebhooksService } from './service.js';
import { registerWebhookSettings } from './settings.js';

const byRuntime = new WeakMap<Runtime, WebhooksService>();

export function webhooksOf(runtime: Runtime): WebhooksService {
  let webhooks = byRuntime.get(runtime);
  if (!webhooks) {
    webhooks = new WebhooksService(runtime, contentOf(runtime));
    byRuntime.set(runtime, webhooks);
  }
  return webhooks;
}

/** Signed webhooks (spec 2.6, 6.1): every site event, delivered through the job queue. */
export const webhooksModule: TesseraModule = {
  name: 'webhooks',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    registerWebhookSettings(runtime);
    const webhooks = webhooksOf(runtime);
    runtime.hooks.addAction(
      'site.event',
      async (ctx, event) => {
        if (ctx.site) await webhooks.enqueue(ctx.site, event);
      },
      { owner: 'core:webhooks' },
    );
    runtime.jobs.registry.define(
      DELIVER_JOB,
      async ({ webhookId }, { siteId, jobId, signal }) => {
        const site = siteId === null ? null : await runtime.siteStore.findById(siteId);
        if (site) await webhooks.drain(site, webhookId, { jobId, signal });
      },
      { queue: 'webhooks', maxAttempts: 3 },
    );
    runtime.jobs.registry.define('webhooks.prune', async (_payload, { log }) => {
      let pruned = 0;
      for (const site of await runtime.siteStore.list()) pruned += await webhooks.prune(site);
      log.info({ deliveries: pruned }, 'old webhook deliveries pruned');
    });
    await runtime.jobs.schedules.schedule('webhooks.prune', '41 3 * * *', {});
    // Due deliveries with no live run (their worker died, then their job ran out of attempts) go out
    // within a minute, not at the webhook's next event.
    runtime.jobs.registry.define(
      SWEEP_JOB,
      async (_payload, { log }) => {
        let runs = 0;
        for (const site of await runtime.siteStore.list()) runs += await webhooks.sweep(site);
        if (runs > 0) log.info({ runs }, 'webhook delivery runs started for due deliveries');
      },
      { queue: 'webhooks' },
    );
    await runtime.jobs.schedules.schedule(SWEEP_JOB, '* * * * *', {});
  },
  routes(app, runtime) {
    webhookRoutes(app, runtime, webhooksOf(runtime));
  },
};
