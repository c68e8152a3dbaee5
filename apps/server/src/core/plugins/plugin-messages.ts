import type { PluginMessageCatalogue, PluginMessages } from '@tessera/plugin';
import { addPluginMessages, inLanguage } from '../i18n/in-language.js';
import { languageOf } from '../i18n/language.js';
import { placeholdersOf } from '../i18n/templates.js';

/**
 * `plugin.messages`: a plugin's words in English and French joined to the server's catalogue, so the
 * error envelope (and `say`) translate the plugin's messages as they do the core's. Keys are kept
 * under the plugin's area, so two plugins' keys never meet.
 */
export function pluginMessages(area: string): PluginMessages {
  return Object.freeze({
    define(catalogue: PluginMessageCatalogue) {
      const { en, fr } = catalogue ?? ({} as PluginMessageCatalogue);
      if (typeof en !== 'object' || en === null || typeof fr !== 'object' || fr === null)
        throw new Error('messages.define needs { en: {...}, fr: {...} }');
      for (const key of new Set([...Object.keys(en), ...Object.keys(fr)])) {
        const english = en[key];
        const french = fr[key];
        if (
          typeof english !== 'string' ||
          english.trim() === '' ||
          typeof french !== 'string' ||
          french.trim() === ''
        )
          throw new Error(`messages.define: "${key}" needs its English and its French`);
        const said = (text: string) => placeholdersOf(text).sort().join(',');
        if (said(english) !== said(french))
          throw new Error(`messages.define: "${key}" has other placeholders in French than in English`);
      }
      addPluginMessages(
        Object.keys(en).map((key) => ({
          key: `${area}.${key}`,
          words: { en: en[key] ?? '', fr: fr[key] ?? '' },
        })),
      );
    },
    say: (message: string, locale: string) => inLanguage(message, languageOf(locale, undefined)),
  }) as PluginMessages;
}
