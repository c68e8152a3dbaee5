import type { Runtime } from '../../runtime.js';
import {
  accountEmailChange,
  accountEmailChanged,
  accountExists,
  accountPasswordReset,
  accountVerify,
} from './defaults/accounts.js';
import { commentAwaitingModeration, commentPublished, userPasswordReset } from './defaults/admin.js';
import { formSubmission, newsletterConfirm } from './defaults/public.js';
import {
  type CoreMailEventDefinition,
  type MailEventDefinition,
  type MailEventName,
  SITE_VARIABLES,
} from './mail-event.js';

/**
 * Every mail the core sends, by event name, in the order the editor lists them. Each has default
 * templates in every language the server writes; a site may replace them (email_templates).
 */
export const MAIL_EVENTS: ReadonlyMap<MailEventName, CoreMailEventDefinition> = new Map(
  [
    userPasswordReset,
    commentAwaitingModeration,
    commentPublished,
    formSubmission,
    accountVerify,
    accountExists,
    accountPasswordReset,
    accountEmailChange,
    accountEmailChanged,
    newsletterConfirm,
  ].map((event) => [event.name, event]),
);

/** A mail the core sends, by name. */
export function mailEventNamed(name: string): CoreMailEventDefinition | undefined {
  return MAIL_EVENTS.get(name as MailEventName);
}

/**
 * The mail events of one runtime: the core's, then those plugins declare (`plugin.mail.template`),
 * each owned by its plugin and sent only from the sites where it is active.
 */
export class MailEvents {
  private readonly fromPlugins = new Map<string, { plugin: string; definition: MailEventDefinition }>();

  /** A plugin's event; its name starts with the plugin's area, so it never takes a core one. */
  register(plugin: string, definition: MailEventDefinition): void {
    if (MAIL_EVENTS.has(definition.name as MailEventName) || this.fromPlugins.has(definition.name))
      throw new Error(`mail event ${definition.name} is declared twice`);
    this.fromPlugins.set(definition.name, { plugin, definition });
  }

  /** The event of that name, when it exists for a site where `active` says its plugin is on. */
  named(name: string, active: (plugin: string) => boolean): MailEventDefinition | undefined {
    const core = MAIL_EVENTS.get(name as MailEventName);
    if (core) return core;
    const declared = this.fromPlugins.get(name);
    return declared && active(declared.plugin) ? declared.definition : undefined;
  }

  /** The core's events, then those of the plugins `active` names, in the order they were declared. */
  all(active: (plugin: string) => boolean): MailEventDefinition[] {
    return [
      ...MAIL_EVENTS.values(),
      ...[...this.fromPlugins.values()].flatMap(({ plugin, definition }) =>
        active(plugin) ? [definition] : [],
      ),
    ];
  }
}

const byRuntime = new WeakMap<Runtime, MailEvents>();

export function mailEventsOf(runtime: Runtime): MailEvents {
  let events = byRuntime.get(runtime);
  if (!events) {
    events = new MailEvents();
    byRuntime.set(runtime, events);
  }
  return events;
}

/** Every variable an event's templates may print: the site's, then its own. */
export function variablesOf(event: MailEventDefinition) {
  return [...SITE_VARIABLES, ...event.variables];
}

/** The variables' examples as the nested object templates read (`site.name` → `{ site: { name } }`). */
export function sampleOf(event: MailEventDefinition): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const variable of variablesOf(event)) {
    const path = variable.name.split('.');
    let at = sample;
    for (const segment of path.slice(0, -1)) {
      at[segment] ??= {};
      at = at[segment] as Record<string, unknown>;
    }
    at[path[path.length - 1] as string] = variable.example;
  }
  return sample;
}
