/**
 * The core keeps the promises `@tessera/plugin` makes: what the server hands a plugin (its
 * operation, its errors, its migration engine, the arguments of its hooks) fits the types plugins
 * are written against. A change to a core hook's arguments that a plugin would not expect fails
 * here, checked by tsc (typecheck.test.ts), before any plugin meets it at run time.
 */
import type * as Plugin from '@tessera/plugin';
// The modules that declare the core's hooks, so their declarations are in scope.
import type {} from '../../modules/accounts/hooks.js';
import type { FieldDefinition } from '../../modules/content/fields/index.js';
import type {} from '../../modules/content/hooks.js';
import type { ContentTypeCreate } from '../../modules/content/types/content-type.js';
import type {} from '../../modules/feeds/robots.js';
import type {} from '../../modules/feeds/sitemaps.js';
import type {} from '../../modules/identity/hooks.js';
import type {} from '../../modules/public/contact-form.js';
import type {} from '../../modules/public/service.js';
import type { Engine } from '../db/engine.js';
import type { Conflict, Forbidden, NotFound, ValidationFailed } from '../errors.js';
import type {} from '../events/media-references.js';
import type {} from '../events/site-events.js';
import type { ActionHooks, FilterHooks } from '../hooks/hook-manager.js';
import type {} from '../jobs/worker.js';
import type { OperationContext } from '../operation/operation-context.js';
import type {} from './plugin-host.js';

/** Compiles only when `From` can be handed where `To` is expected. */
type Fits<From extends To, To> = From;

export type Contract = [
  Fits<OperationContext, Plugin.PluginOperation>,
  Fits<Engine, Plugin.PluginMigrationEngine>,
  // A field or a type a plugin declares is what the content engine takes, and the other way round.
  Fits<FieldDefinition, Plugin.FieldDefinition>,
  Fits<Plugin.FieldDefinition, FieldDefinition>,
  Fits<Plugin.ContentTypeDefinition, ContentTypeCreate>,
  Fits<typeof NotFound, Plugin.PluginErrors['NotFound']>,
  Fits<typeof Conflict, Plugin.PluginErrors['Conflict']>,
  Fits<typeof ValidationFailed, Plugin.PluginErrors['ValidationFailed']>,
  Fits<typeof Forbidden, Plugin.PluginErrors['Forbidden']>,
  // What the core passes to a plugin's action callbacks.
  Fits<ActionHooks['post.before_save'], Plugin.ActionHooks['post.before_save']>,
  Fits<ActionHooks['product.published'], Plugin.ActionHooks['product.published']>,
  Fits<ActionHooks['entries.saved'], Plugin.ActionHooks['entries.saved']>,
  Fits<ActionHooks['entries.access_changed'], Plugin.ActionHooks['entries.access_changed']>,
  Fits<ActionHooks['auth.before_login'], Plugin.ActionHooks['auth.before_login']>,
  Fits<ActionHooks['auth.logged_in'], Plugin.ActionHooks['auth.logged_in']>,
  Fits<ActionHooks['auth.login_failed'], Plugin.ActionHooks['auth.login_failed']>,
  Fits<ActionHooks['site.event'], Plugin.ActionHooks['site.event']>,
  Fits<ActionHooks['job.failed'], Plugin.ActionHooks['job.failed']>,
  Fits<ActionHooks['account.registered'], Plugin.ActionHooks['account.registered']>,
  Fits<ActionHooks['account.signed_in'], Plugin.ActionHooks['account.signed_in']>,
  Fits<ActionHooks['account.deleted'], Plugin.ActionHooks['account.deleted']>,
  // A filter's value goes both ways: in to the plugin, and back to the core.
  Fits<FilterHooks['post.title'], Plugin.FilterHooks['post.title']>,
  Fits<FilterHooks['post.excerpt'], Plugin.FilterHooks['post.excerpt']>,
  Fits<FilterHooks['entry.access'], Plugin.FilterHooks['entry.access']>,
  Fits<Plugin.FilterHooks['entry.access'][0], FilterHooks['entry.access'][0]>,
  Fits<FilterHooks['entry.notice'], Plugin.FilterHooks['entry.notice']>,
  Fits<Plugin.FilterHooks['entry.notice'][0], FilterHooks['entry.notice'][0]>,
  Fits<FilterHooks['form.submission'], Plugin.FilterHooks['form.submission']>,
  Fits<Plugin.FilterHooks['form.submission'][0], FilterHooks['form.submission'][0]>,
  Fits<FilterHooks['media.owners'], Plugin.FilterHooks['media.owners']>,
  Fits<Plugin.FilterHooks['media.owners'][0], FilterHooks['media.owners'][0]>,
  Fits<FilterHooks['sitemap.urls'], Plugin.FilterHooks['sitemap.urls']>,
  Fits<Plugin.FilterHooks['sitemap.urls'][0], FilterHooks['sitemap.urls'][0]>,
  Fits<FilterHooks['sitemap.index'], Plugin.FilterHooks['sitemap.index']>,
  Fits<Plugin.FilterHooks['sitemap.index'][0], FilterHooks['sitemap.index'][0]>,
  Fits<FilterHooks['robots.txt'], Plugin.FilterHooks['robots.txt']>,
  Fits<Plugin.FilterHooks['robots.txt'][0], FilterHooks['robots.txt'][0]>,
  Fits<FilterHooks['page.head'], Plugin.FilterHooks['page.head']>,
  Fits<Plugin.FilterHooks['page.head'][0], FilterHooks['page.head'][0]>,
  Fits<FilterHooks['account.export'], Plugin.FilterHooks['account.export']>,
  Fits<Plugin.FilterHooks['account.export'][0], FilterHooks['account.export'][0]>,
];
