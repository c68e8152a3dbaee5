import { i18next } from '../i18n/index.js';

/**
 * What a mail event is for, in the interface's language: the core's events by their name
 * (i18n/server/mail-events.ts); a plugin's, and every one in English, as the server describes it.
 */
export function mailEventText(event: { event: string; description: string }): string {
  return described(`fromServer.mailEvents.events.${event.event}.description`) ?? event.description;
}

/** What a variable of an event holds, in the interface's language, as mailEventText says its event. */
export function mailVariableText(event: string, variable: { name: string; description: string }): string {
  const key = variable.name.startsWith('site.')
    ? `fromServer.mailEvents.${variable.name}`
    : `fromServer.mailEvents.events.${event}.variables.${variable.name}`;
  return described(key) ?? variable.description;
}

function described(key: string): string | undefined {
  // Read as written, not through t(): a description may quote Liquid (`{{ field.label }}`), which
  // i18next would take for a placeholder of its own.
  const found: unknown = i18next.getResource(i18next.language, 'translation', key);
  return typeof found === 'string' ? found : undefined;
}
