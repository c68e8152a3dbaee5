import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../../core/runtime.js';

const NewsletterSettings = Type.Object(
  {
    rate_per_minute: Type.Integer({
      minimum: 1,
      maximum: 100_000,
      title: 'Messages per minute',
      description:
        'The most campaign messages handed to the SMTP server in a minute (your provider may limit it)',
    }),
    track_opens: Type.Boolean({
      title: 'Count opens',
      description:
        'Adds an invisible image to each campaign message to count who opens it. Off: no open is recorded.',
    }),
  },
  { additionalProperties: false, title: 'Newsletter' },
);

declare module '../../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    newsletter: Static<typeof NewsletterSettings>;
  }
}

/** The `newsletter` settings group: the sending rate, and opens counted only when a site turns it on. */
export function registerNewsletterSettings(runtime: Runtime): void {
  runtime.settings.register(
    'newsletter',
    NewsletterSettings,
    { rate_per_minute: 300, track_opens: false },
    { description: 'Newsletter campaigns: how fast they are sent and whether opens are counted' },
  );
}
