import { libraries } from 'tessera-host:libraries';
import type { AdminMessages } from '@tessera/plugin/admin';
import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n/index.js';
import { useCan } from '../session.js';
import { PluginMediaField } from './components.js';
import { coreApi, pluginApi } from './plugin-api.js';
import { type ExtensionHost, type Extensions, type ImportedModule, registerModules } from './registry.js';

/** An admin module as GET /api/plugins/admin-modules lists it. */
export interface ListedModule {
  plugin: string;
  version: string;
  url: string;
}

const host: ExtensionHost = {
  api: pluginApi,
  core: coreApi,
  addTranslations(namespace: string, resources: Readonly<Record<string, AdminMessages>>) {
    for (const [language, words] of Object.entries(resources))
      i18next.addResourceBundle(language, namespace, words, true, true);
  },
  useTranslation(namespace: string) {
    const { t, i18n } = useTranslation(namespace);
    return { t: (key: string, values?: Record<string, unknown>) => t(key, values), language: i18n.language };
  },
  useCan,
  components: { MediaField: PluginMediaField },
};

/**
 * Imports the modules (each from its own address, in parallel) and registers what they add. Loaded
 * only where a plugin ships one: a site without any never fetches this code. A module that cannot be
 * imported (a 404, a syntax error, an import the admin does not lend) becomes its plugin's notice.
 */
export async function loadExtensions(listed: readonly ListedModule[]): Promise<Extensions> {
  const modules = await Promise.all(
    listed.map(
      async ({ plugin, version, url }): Promise<ImportedModule> => ({
        plugin,
        version,
        module: await import(/* @vite-ignore */ url).catch((error: unknown) => ({
          failed: importFailure(error),
        })),
      }),
    ),
  );
  return registerModules(modules, host);
}

/** Why a module could not be imported; for a bare name the admin does not lend, which ones it does. */
function importFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return /specifier/i.test(reason)
    ? `${reason} (the admin lends ${Object.keys(libraries).join(', ')}; bundle anything else)`
    : reason;
}
