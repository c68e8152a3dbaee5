/**
 * The surface plugins are written against, pinned: a member added, removed or renamed by accident
 * fails the type check (`typecheck.test.ts` runs tsc over this package). Changing it on purpose
 * means changing this file, docs/plugins.md and, for a removal, every plugin that used it.
 */
import { expectTypeOf } from 'vitest';
import type {
  ActionHooks,
  FilterHooks,
  PluginContext,
  PluginDefinition,
  PluginHooks,
  PluginOperation,
  PluginRouteSpec,
  PluginSettings,
} from './index.js';
import { definePlugin } from './index.js';

expectTypeOf<keyof PluginContext>().toEqualTypeOf<
  | 'name'
  | 'version'
  | 'area'
  | 'log'
  | 'schema'
  | 'permissions'
  | 'hooks'
  | 'jobs'
  | 'routes'
  | 'errors'
  | 'settings'
  | 'content'
  | 'blocks'
  | 'pages'
  | 'media'
  | 'mcp'
  | 'http'
  | 'mail'
  | 'events'
  | 'files'
  | 'patterns'
  | 'api'
  | 'accounts'
  | 'backups'
  | 'messages'
  | 'db'
>();
expectTypeOf<keyof PluginOperation>().toEqualTypeOf<
  'site' | 'actor' | 'log' | 'hooks' | 'jobs' | 'transaction' | 'afterCommit'
>();
expectTypeOf<keyof PluginHooks>().toEqualTypeOf<'onAction' | 'onFilter' | 'declare'>();
expectTypeOf<keyof PluginSettings>().toEqualTypeOf<'define' | 'read' | 'general'>();
expectTypeOf<keyof PluginRouteSpec>().toEqualTypeOf<
  | 'permission'
  | 'summary'
  | 'rateLimit'
  | 'params'
  | 'querystring'
  | 'body'
  | 'response'
  | 'status'
  | 'rawBody'
>();

// The core's hooks a plugin can listen to, by name.
expectTypeOf<ActionHooks['post.published']>().toEqualTypeOf<[entry: import('./hooks.js').HookEntry]>();
expectTypeOf<ActionHooks['auth.before_login']>().toEqualTypeOf<
  [attempt: { email: string; siteId: number; ip: string }]
>();
expectTypeOf<FilterHooks['page.head'][0]>().toEqualTypeOf<import('./hooks.js').PageHead>();

export function typedHooks(plugin: PluginContext): void {
  plugin.hooks.onFilter('post.title', (title, _ctx, entry) => `${title} (${entry.type})`);
  plugin.hooks.onAction('auth.logged_in', (_ctx, event) => {
    expectTypeOf(event.method).toEqualTypeOf<'password' | 'two_factor'>();
  });
  // @ts-expect-error a filter returns what it was given
  plugin.hooks.onFilter('page.head', () => 'a string');
  // @ts-expect-error the operation gives a plugin no database handle: its tables come from plugin.db
  plugin.routes.get('/x', { permission: 'public', summary: 'x' }, (ctx) => ctx.db);
}

// A plugin's definition is typed either way and returned as it is.
expectTypeOf(definePlugin({ setup() {} })).toMatchTypeOf<PluginDefinition>();
expectTypeOf(definePlugin(() => {})).toMatchTypeOf<PluginDefinition>();
