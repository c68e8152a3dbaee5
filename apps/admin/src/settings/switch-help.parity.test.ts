import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../../server/src/core/runtime.js';
import { SettingsRegistry } from '../../../server/src/core/settings/settings-registry.js';
import { registerAccountsSettings } from '../../../server/src/modules/accounts/settings.js';
import { registerAnalyticsSettings } from '../../../server/src/modules/analytics/settings.js';
import { registerContentSettings } from '../../../server/src/modules/content/settings.js';
import { registerMediaSettings } from '../../../server/src/modules/media/settings.js';
import { registerNewsletterSettings } from '../../../server/src/modules/newsletter/campaigns/settings.js';
import { registerPluginSettings } from '../../../server/src/modules/plugins/settings.js';
import { registerDesignTokens } from '../../../server/src/modules/public/design-tokens.js';
import { registerCoreSettings } from '../../../server/src/modules/settings/core-groups.js';
import { registerWebhookSettings } from '../../../server/src/modules/webhooks/settings.js';
import { fr } from './messages.fr.js';
import { en } from './messages.js';

/**
 * A switch's help says what on and what off each do: help that describes one state alone reads,
 * beside a switch in the other, as the opposite of the switch (the "Allow comments" switch was on
 * while its help said only "Off: no one can post a comment."). Every boolean of the core's
 * settings groups, in English and French. (Outside the admin's type check: it reaches the server.)
 */
function coreGroups() {
  const registry = new SettingsRegistry();
  const runtime = { settings: registry } as unknown as Runtime;
  registerCoreSettings(registry);
  for (const register of [
    registerAccountsSettings,
    registerAnalyticsSettings,
    registerContentSettings,
    registerMediaSettings,
    registerNewsletterSettings,
    registerPluginSettings,
    registerDesignTokens,
    registerWebhookSettings,
  ])
    register(runtime);
  return registry.all();
}

/** The paths of a schema's booleans, nested objects' by dotted path. */
function switchesOf(schema: TSchema, path = ''): string[] {
  if (schema.type === 'boolean') return [path];
  if (schema.type !== 'object' || !schema.properties) return [];
  return Object.entries(schema.properties as Record<string, TSchema>).flatMap(([key, child]) =>
    switchesOf(child, path ? `${path}.${key}` : key),
  );
}

function helpOf(messages: typeof en, group: string, path: string): unknown {
  return [group, ...path.split('.')].reduce<unknown>(
    (node, part) => (node as Record<string, unknown> | undefined)?.[part],
    messages.help,
  );
}

describe("the settings' switches", () => {
  const switches = coreGroups().flatMap((group) =>
    switchesOf(group.schema).map((path) => ({ group: group.name, path, schema: group.schema })),
  );

  it('are found in the core groups', () => {
    expect(switches.map(({ group, path }) => `${group}.${path}`)).toEqual(
      expect.arrayContaining([
        'accounts.registration',
        'analytics.enabled',
        'discussion.comments_enabled',
        'discussion.notify_authors',
        'discussion.require_name_email',
        'mcp.enabled',
        'mcp.read_only',
        'media.allow_private_sources',
        'media.deduplicate',
        'media.keep_originals',
        'newsletter.track_opens',
        'plugins.allow_private_addresses',
        'webhooks.allow_private_targets',
      ]),
    );
  });

  it('say what on and off each do, in English and in French', () => {
    for (const { group, path } of switches) {
      const key = `${group}.${path}`;
      expect(helpOf(en, group, path), key).toMatch(/^On: .+ Off: .+/);
      expect(helpOf(fr, group, path), key).toMatch(/^Activé : .+ Désactivé : .+/);
    }
  });

  it("say so in the server's own descriptions of the core groups too", () => {
    const core = new Set(['general', 'reading', 'discussion', 'revisions', 'mcp']);
    for (const { group, path, schema } of switches.filter((each) => core.has(each.group))) {
      const property = path
        .split('.')
        .reduce<TSchema>(
          (node, part) => (node.properties as Record<string, TSchema>)[part] as TSchema,
          schema,
        );
      expect(property.description, `${group}.${path}`).toMatch(/^On: .+; off: .+/);
    }
  });
});
