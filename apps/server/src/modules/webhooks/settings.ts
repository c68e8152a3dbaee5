import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';

const WebhookSettings = Type.Object(
  {
    allow_private_targets: Type.Boolean({
      title: 'Allow private addresses',
      description:
        'Deliver to loopback, private and link-local addresses too (an intranet receiver, tests). Off: such targets are refused.',
    }),
    retry_delays_seconds: Type.Array(Type.Integer({ minimum: 1, maximum: 86_400 }), {
      maxItems: 20,
      title: 'Retry delays (seconds)',
      description:
        'After a failed attempt, the wait before each next one; when they are used up the delivery fails',
    }),
    log_days: Type.Integer({
      minimum: 1,
      maximum: 365,
      title: 'Keep the delivery log (days)',
      description: 'Finished deliveries are kept this long',
    }),
  },
  { additionalProperties: false, title: 'Webhooks' },
);

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    webhooks: Static<typeof WebhookSettings>;
  }
}

/** 7 attempts over about 4 h 40 min: 30 s, 2 min, 10 min, 30 min, 1 h and 3 h apart. */
export const DEFAULT_RETRY_DELAYS = [30, 120, 600, 1800, 3600, 10_800];

export function registerWebhookSettings(runtime: Runtime): void {
  runtime.settings.register(
    'webhooks',
    WebhookSettings,
    { allow_private_targets: false, retry_delays_seconds: DEFAULT_RETRY_DELAYS, log_days: 30 },
    {
      description: 'Webhooks: private targets, the retry schedule and how long the delivery log is kept',
      // Reaching the private network is the installation's decision, not one site's admin's.
      guarded: { allow_private_targets: 'sites.manage' },
    },
  );
}
