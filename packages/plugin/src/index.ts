/**
 * `@tessera/plugin`: what a Tessera plugin is written against. The types of the plugin context
 * handed to `setup`, the hooks (the core's, and those plugins declare for one another by merging
 * into `ActionHooks` and `FilterHooks`), and `definePlugin`. The official plugins import this and
 * nothing else of Tessera; so does a third party.
 */
import type { PluginDefinition } from './context.js';

export type * from './accounts.js';
export { type AttachmentBody, attachment, isAttachment, type PluginAttachment } from './attachment.js';
export type * from './backups.js';
export type * from './blocks.js';
export type * from './content.js';
export type * from './context.js';
export type * from './errors.js';
export type * from './hooks.js';
export { escapeHtml, html, unsafeHtml } from './html.js';
export type * from './manifest.js';
export type * from './messages.js';
export type * from './operation.js';
export type * from './pages.js';

/**
 * Types a plugin's definition; returns it unchanged. `export default definePlugin((plugin) => { ... })`
 * or `definePlugin({ setup(plugin) { ... } })`.
 */
export function definePlugin<D extends PluginDefinition>(definition: D): D {
  return definition;
}
