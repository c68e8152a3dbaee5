import {
  accountEmailChange,
  accountEmailChanged,
  accountExists,
  accountPasswordReset,
  accountVerify,
} from './defaults/accounts.js';
import { commentAwaitingModeration, commentPublished, userPasswordReset } from './defaults/admin.js';
import { formSubmission, newsletterConfirm } from './defaults/public.js';
import { type MailEventDefinition, type MailEventName, SITE_VARIABLES } from './mail-event.js';

/**
 * Every mail the core sends, by event name, in the order the editor lists them. Each has default
 * templates in every language the server writes; a site may replace them (email_templates).
 */
export const MAIL_EVENTS: ReadonlyMap<MailEventName, MailEventDefinition> = new Map(
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

export function mailEventNamed(name: string): MailEventDefinition | undefined {
  return MAIL_EVENTS.get(name as MailEventName);
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
