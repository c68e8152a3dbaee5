import { Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    plugins: { allow_private_addresses: boolean };
  }
}

/** What plugins may do on a site. "plugins" is reserved, so no plugin's own group takes the name. */
export function registerPluginSettings(runtime: Runtime): void {
  runtime.settings.register(
    'plugins',
    Type.Object(
      {
        allow_private_addresses: Type.Boolean({
          title: 'Allow private addresses',
          description:
            "Plugins' requests to other servers (plugin.http) may reach loopback and private addresses: a language model on the same machine. Off: refused.",
        }),
      },
      { additionalProperties: false, title: 'Plugins' },
    ),
    { allow_private_addresses: false },
    {
      description: "Plugins: whether their requests may reach this machine's private network",
      // Reaching the private network is the installation's decision, not one site's admin's.
      guarded: { allow_private_addresses: 'sites.manage' },
    },
  );
}
