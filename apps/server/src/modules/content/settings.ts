import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';
import { DEFAULT_LOCK_IDLE_SECONDS } from './entries/locks.js';

const EditingSettings = Type.Object(
  {
    lock_idle_seconds: Type.Integer({
      minimum: 30,
      maximum: 3600,
      title: 'Edit lock timeout (seconds)',
      description: 'An edit lock lapses after this many seconds without a heartbeat',
    }),
  },
  { additionalProperties: false, title: 'Editing' },
);

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    editing: Static<typeof EditingSettings>;
  }
}

export function registerContentSettings(runtime: Runtime): void {
  runtime.settings.register(
    'editing',
    EditingSettings,
    { lock_idle_seconds: DEFAULT_LOCK_IDLE_SECONDS },
    { description: 'Editing: how long an edit lock lasts without a heartbeat' },
  );
}
