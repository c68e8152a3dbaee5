/**
 * A plugin's messages in the languages the server speaks (English and French), each an English
 * template with `{{name}}` placeholders and its French: `{ en: { taken: 'The code {{code}} is
 * taken.' }, fr: { taken: 'Le code {{code}} est déjà pris.' } }`. Once defined, the envelope says
 * the plugin's refusals (message and per-field messages) in the caller's language, as it does the
 * core's, with no wrapper in the plugin's routes.
 */
export interface PluginMessageCatalogue {
  en: Record<string, string>;
  fr: Record<string, string>;
}

export interface PluginMessages {
  /**
   * Adds the catalogue (at setup). Every key has both languages with the same placeholders, else
   * setup fails naming the key.
   */
  define(catalogue: PluginMessageCatalogue): void;
  /** A message, the plugin's or the server's, in the language of `locale` (`fr-CA`: French); as is when unknown. */
  say(message: string, locale: string): string;
}
