import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { AnalyticsRecorder } from './recorder.js';
import { analyticsRoutes } from './routes.js';
import { AnalyticsService } from './service.js';
import { registerAnalyticsSettings } from './settings.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'analytics.aggregate': Record<string, never>;
  }
}

const recorders = new WeakMap<Runtime, AnalyticsRecorder | null>();

/**
 * The page view recorder of a runtime (the public site calls it for every page it serves); null
 * when ANALYTICS is off, so serving a page costs nothing for analytics then.
 */
export function analyticsRecorderOf(runtime: Runtime): AnalyticsRecorder | null {
  let recorder = recorders.get(runtime);
  if (recorder === undefined) {
    recorder = runtime.config.analytics ? new AnalyticsRecorder(runtime) : null;
    recorders.set(runtime, recorder);
    if (recorder) {
      const closing = recorder;
      runtime.onClose(() => closing.close());
    }
  }
  return recorder;
}

/** Cookieless, server-side analytics of the public site (spec 1). */
export const analyticsModule: TesseraModule = {
  name: 'analytics',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    registerAnalyticsSettings(runtime);
    const analytics = new AnalyticsService(runtime);
    runtime.jobs.registry.define('analytics.aggregate', async (_payload, { log }) => {
      // What this process still holds is written first, so it is aggregated with its day.
      await analyticsRecorderOf(runtime)?.flush();
      const salts = await analytics.destroyOldSalts();
      for (const site of await runtime.siteStore.list()) {
        const days = await analytics.aggregate(site);
        if (days.length > 0) log.info({ site: site.handle, days }, 'analytics aggregated');
      }
      if (salts > 0) log.info({ salts }, 'analytics: salts of finished days destroyed');
    });
    // Hourly: each site's day ends at its own midnight; a finished day is aggregated within the hour.
    await runtime.jobs.schedules.schedule('analytics.aggregate', '7 * * * *', {});
  },
  routes(app, runtime) {
    analyticsRoutes(app, runtime, new AnalyticsService(runtime));
  },
};
