import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_VARIABLES } from '../../../server/src/core/mail/templates/mail-event.js';
import { MAIL_EVENTS } from '../../../server/src/core/mail/templates/mail-events.js';
import { fr } from '../i18n/fr.js';
import { i18next } from '../i18n/index.js';
import { serverWords } from '../i18n/server/language.js';
import { en as described } from '../i18n/server/mail-events.js';
import { mailEventText, mailVariableText } from './descriptions.js';

/** A leaf of the English words by its dotted path (`events.account.verify.description`). */
function english(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], described);
}

/**
 * The admin says in French what every core mail event is for and what its variables hold, from the
 * server's own English: an event or variable added on the server without French words fails here.
 * (Outside the admin's type check: it reaches the server.)
 */
describe("the admin's French for the server's mail events", () => {
  beforeAll(async () => {
    await i18next.init({
      resources: { fr: { translation: { ...fr, fromServer: await serverWords('fr') } } },
      lng: 'fr',
      interpolation: { escapeValue: false },
    });
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it("describes every core mail event and its variables in French, in the server's words in English", () => {
    for (const event of MAIL_EVENTS.values()) {
      const view = { event: event.name, description: event.description };
      expect(english(`events.${event.name}.description`), event.name).toBe(event.description);
      expect(mailEventText(view), event.name).not.toBe(event.description);
      for (const variable of event.variables) {
        const where = `${event.name}: ${variable.name}`;
        expect(english(`events.${event.name}.variables.${variable.name}`), where).toBe(variable.description);
        expect(mailVariableText(event.name, variable), where).not.toBe(variable.description);
      }
    }
    for (const variable of SITE_VARIABLES) {
      expect(english(variable.name), variable.name).toBe(variable.description);
      expect(mailVariableText('account.verify', variable), variable.name).not.toBe(variable.description);
    }
  });

  it("keeps a plugin's event in the plugin's words, and Liquid in a description as written", () => {
    expect(mailEventText({ event: 'shop.order_paid', description: 'An order was paid' })).toBe(
      'An order was paid',
    );
    expect(mailVariableText('form.submission', { name: 'form.fields', description: '' })).toContain(
      '{{ field.label }}',
    );
  });
});
