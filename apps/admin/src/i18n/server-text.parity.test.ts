import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionCatalogue } from '../../../server/src/core/access/permission-catalogue.js';
import type { ContentType } from '../../../server/src/modules/content/types/content-type.js';
import { registerCorePermissions } from '../../../server/src/modules/identity/permissions.js';
import { eventCatalogue } from '../../../server/src/modules/webhooks/events.js';
import { fr } from './fr.js';
import { i18next } from './index.js';
import { CODES } from './server/codes.js';
import { eventText, permissionText } from './server/descriptions.js';
import { serverWords } from './server/language.js';
import { en as fromServer } from './server/messages.js';
import { readServerSource } from './server/server-source.parity.js';
import { matchersOf } from './server/templates.js';
import { serverText } from './server-text.js';

/**
 * The admin says in French everything the server can say to it: every error code it sends, every
 * message it writes (read from its source), every permission and webhook event it describes. A new
 * one on the server without French words fails here. (Outside the admin's type check: it reaches
 * the server.)
 */

/**
 * What the source holds that no one in the admin reads: words of emails and of the OpenAPI
 * document kept in variables, a chart's text alternative, and the health check's answers (for a
 * load balancer). Each is a sentence the scan cannot tell from a message by its shape alone.
 */
const NOT_SAID_TO_THE_ADMIN = new Set([
  'Someone asked to reset the password of your account on ‹1›.',
  'The link works once. If you did not ask for this, ignore this message: your password stays as it is.',
  'It is published.',
  'It waits for approval.',
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

const source = readServerSource();

describe("the admin's French for what the server says", () => {
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

  it('reads the server: its codes and messages are found where they are written', () => {
    expect(source.codes.get('email_taken')).toMatch(/identity\/users\/rules\.ts/);
    expect(source.messages.has('Folder ‹1› does not exist.')).toBe(true);
    expect(source.messages.has('There is no block type "‹1›".')).toBe(true);
    expect(source.codes.size).toBeGreaterThan(100);
    expect(source.messages.size).toBeGreaterThan(300);
  });

  it('leaves out only sentences the server still writes', () => {
    expect([...NOT_SAID_TO_THE_ADMIN].filter((message) => !source.messages.has(message))).toEqual([]);
  });

  it('knows every code the server sends', () => {
    const missing = [...source.codes].filter(([code]) => !Object.hasOwn(CODES, code));
    expect(missing, 'codes without French words: add them to i18n/server/codes.ts').toEqual([]);
  });

  it('says every message the server writes in French', () => {
    const unsaid = [...source.messages]
      .filter(([message]) => !NOT_SAID_TO_THE_ADMIN.has(message))
      .filter(([message]) => serverText(sample(message)) === sample(message))
      .map(([message, where]) => `${where}  ${message}`);
    expect(unsaid, 'messages without French words: add them to i18n/server/*.ts').toEqual([]);
  });

  it("says each error by its code, in its own message's words", () => {
    const wrong = source.thrown
      .filter(({ message }) => !NOT_SAID_TO_THE_ADMIN.has(message))
      .filter(({ code, message }) => serverText(sample(message), code) !== serverText(sample(message)))
      .map(({ code, message, where }) => `${where}  ${code}: ${message}`);
    expect(
      wrong,
      'a code in i18n/server/codes.ts names other messages than the server sends with it',
    ).toEqual([]);
  });

  it('names only keys that have words, once each', () => {
    for (const [code, keys] of Object.entries(CODES))
      for (const key of keys) expect(i18next.exists(key), `${code}: ${key}`).toBe(true);
    const templates = matchersOf(fromServer.messages, '').map((matcher) => matcher.pattern.source);
    expect(
      templates.filter((each, i) => templates.indexOf(each) !== i),
      'the same message twice',
    ).toEqual([]);
  });

  it('describes every core permission in French, in the server’s words in English', () => {
    const catalogue = new PermissionCatalogue();
    registerCorePermissions(catalogue);
    for (const group of catalogue.grouped())
      for (const permission of group.permissions) {
        const [area = '', action = ''] = permission.id.split('.');
        const english = (fromServer.permissions.core as Record<string, Record<string, string>>)[area]?.[
          action
        ];
        expect(english, permission.id).toBe(permission.description);
        expect(permissionText(permission, []), permission.id).not.toBe(permission.description);
      }
  });

  it('describes the permissions of a custom content type as the server does', () => {
    const service = readFileSync(
      new URL('../../../server/src/modules/content/types/service.ts', import.meta.url),
      'utf8',
    );
    // The server writes `${label}` where the admin's English has {{label}}.
    const placeholder = ['$', '{label}'].join('');
    for (const [action, english] of Object.entries(fromServer.permissions.contentType))
      expect(service, action).toContain(english.replace('{{label}}', placeholder));
    const recipes = { slug: 'recipe', singular_label: 'Recipe', plural_label: 'Recipes', builtin: false };
    expect(permissionText({ id: 'recipe.edit_others', description: '' }, [recipes])).toBe(
      'Modifier les entrées « recipes » des autres utilisateurs',
    );
    expect(
      permissionText({ id: 'guestbook.moderate', description: 'Hide guestbook entries' }, [recipes]),
    ).toBe('Hide guestbook entries');
  });

  it('describes every webhook event in French, in the server’s words in English', () => {
    const recipe = { slug: 'recipe', singular_label: 'Recipe', plural_label: 'Recipes', builtin: false };
    for (const event of eventCatalogue([recipe as unknown as ContentType])) {
      const [resource, action = ''] = event.name.split('.');
      const english =
        resource === 'recipe'
          ? fromServer.events.entry[action as keyof typeof fromServer.events.entry]?.replace(
              '{{type}}',
              'recipe',
            )
          : (fromServer.events.other as Record<string, Record<string, string>>)[resource ?? '']?.[action];
      expect(english, event.name).toBe(event.description);
      expect(eventText(event, [recipe]), event.name).not.toBe(event.description);
    }
  });
});
