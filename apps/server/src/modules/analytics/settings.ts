import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';

const AnalyticsSettings = Type.Object(
  {
    enabled: Type.Boolean({
      title: 'Count page views',
      description: 'Count page views (no cookie, no script, no personal data); off: none are recorded',
    }),
  },
  { additionalProperties: false, title: 'Analytics' },
);

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    analytics: Static<typeof AnalyticsSettings>;
  }
}

export function registerAnalyticsSettings(runtime: Runtime): void {
  runtime.settings.register(
    'analytics',
    AnalyticsSettings,
    { enabled: true },
    { description: 'Cookieless analytics of the public site' },
  );
}
