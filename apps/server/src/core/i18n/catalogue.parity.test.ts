import { describe, expect, it } from 'vitest';
import { writtenMessages } from '../../../test/written-messages.js';
import { inLanguage, knownMessages } from './in-language.js';
import { LANGUAGES } from './language.js';
import { placeholdersOf } from './templates.js';

/**
 * The server says in French everything it can say to a person through its API: every message it
 * writes (read from its source) is found in the catalogue. A new message without French words
 * fails here, naming where it is written.
 */

/**
 * What the source holds that no one reads in an error envelope: words of the OpenAPI document kept
 * in variables, a chart's text alternative, and the health check's answers (for a
 * load balancer). Each is a sentence the scan cannot tell from a message by its shape alone.
 */
const NOT_SAID_IN_THE_API = new Set([
  'More than max_links links, or a first comment of an address (moderation `unknown_authors`), is accepted as pending. Each address may post 5 comments a minute (RATE_LIMIT_COMMENTS), else 429.',
  'Unknown keys and bad values give 422 with one entry per setting, keyed `<group>.<key>` (`general.time_zone`, `media.allowed_types.2`).',
  'X-Tessera-Timestamp (Unix seconds) and X-Tessera-Signature: `sha256=` and the hex HMAC SHA-256, keyed by the secret, of `<timestamp>.<raw body>` (README, Webhooks).',
  'Changes your account: a session always may; an API token needs the `‹1›` permission, which a token without a permission list has and a narrowed token has only when its list names it.',
  'thumbnail, medium, large and full, without EXIF, XMP, IPTC or GPS data; SVG is sanitized; other files are kept as sent.',
  'The administration app is not built: run `npm run build` (npm start does it).',
  'Site "‹1›" is disabled: its hosts answer 404.',
  'No data.',
  '‹1› over ‹2› labels, from ‹3› to ‹4›.',
]);

/** A message as the server would send it: each value a `1` (a count, an id, a name alike). */
const sample = (message: string) => message.replace(/‹\d+›/g, '1');

const written = writtenMessages();

describe('the French for what the server says', () => {
  it('reads the server: its messages are found where they are written', () => {
    expect(written.get('Folder ‹1› does not exist.')).toMatch(/media\//);
    expect(written.has('There is no block type "‹1›".')).toBe(true);
    expect(written.size).toBeGreaterThan(300);
  });

  it('leaves out only sentences the server still writes', () => {
    expect([...NOT_SAID_IN_THE_API].filter((message) => !written.has(message))).toEqual([]);
  });

  it('says every message the server writes in French', () => {
    const unsaid = [...written]
      .filter(([message]) => !NOT_SAID_IN_THE_API.has(message))
      .filter(([message]) => inLanguage(sample(message), 'fr') === sample(message))
      .map(([message, where]) => `${where}  ${message}`);
    expect(unsaid, 'messages without French words: add them to core/i18n/catalogue/*.ts').toEqual([]);
  });

  it('has every message in every language, with the same placeholders, once', () => {
    const known = knownMessages();
    for (const { key, words } of known)
      for (const language of LANGUAGES) {
        expect(words[language].trim(), `${language}: ${key}`).not.toBe('');
        expect(placeholdersOf(words[language]).sort(), `${language}: ${key}`).toEqual(
          placeholdersOf(words.en).sort(),
        );
      }
    const english = known.map(({ words }) => words.en);
    expect(
      english.filter((each, i) => english.indexOf(each) !== i),
      'the same message twice',
    ).toEqual([]);
  });
});
