import { describe, expect, it } from 'vitest';
import { inLanguage } from '../i18n/in-language.js';
import { pluginMessages } from './plugin-messages.js';

describe('plugin.messages', () => {
  it("joins a plugin's words to the catalogue the envelope translates with", () => {
    const messages = pluginMessages('probe_words');
    expect(inLanguage('The class has 12 seats and no more.', 'fr')).toBe(
      'The class has 12 seats and no more.',
    );
    messages.define({
      en: { full: 'The class has {{seats}} seats and no more.' },
      fr: { full: 'Le cours a {{seats}} places, pas plus.' },
    });
    expect(inLanguage('The class has 12 seats and no more.', 'fr')).toBe('Le cours a 12 places, pas plus.');
    expect(messages.say('The class has 3 seats and no more.', 'fr-CA')).toBe(
      'Le cours a 3 places, pas plus.',
    );
    expect(messages.say('The class has 3 seats and no more.', 'de')).toBe(
      'The class has 3 seats and no more.',
    );
    // The server's own messages too.
    expect(messages.say('The given data was invalid.', 'fr')).not.toBe('The given data was invalid.');
  });

  it('refuses a key without its French or with other placeholders, naming it', () => {
    const messages = pluginMessages('probe_refused');
    expect(() => messages.define({ en: { a: 'One {{x}}.' }, fr: {} })).toThrow(
      /"a" needs its English and its French/,
    );
    expect(() => messages.define({ en: { b: 'One {{x}}.' }, fr: { b: 'Un {{y}}.' } })).toThrow(
      /"b" has other placeholders in French/,
    );
  });
});
