import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionCatalogue } from '../../../../server/src/core/access/permission-catalogue.js';
import type { ContentType } from '../../../../server/src/modules/content/types/content-type.js';
import { registerCorePermissions } from '../../../../server/src/modules/identity/permissions.js';
import { eventCatalogue } from '../../../../server/src/modules/webhooks/events.js';
import { fr } from '../fr.js';
import { i18next } from '../index.js';
import { eventText, permissionText } from './descriptions.js';
import { serverWords } from './language.js';
import { en as described } from './messages.js';

/**
 * The admin says in French every permission and webhook event the server describes, from the
 * server's own English: a new one on the server without French words fails here. (Outside the
 * admin's type check: it reaches the server.)
 */
describe("the admin's French for what the server describes", () => {
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

  it('describes every core permission in French, in the server’s words in English', () => {
    const catalogue = new PermissionCatalogue();
    registerCorePermissions(catalogue);
    for (const group of catalogue.grouped())
      for (const permission of group.permissions) {
        const [area = '', action = ''] = permission.id.split('.');
        const english = (described.permissions.core as Record<string, Record<string, string>>)[area]?.[
          action
        ];
        expect(english, permission.id).toBe(permission.description);
        expect(permissionText(permission, []), permission.id).not.toBe(permission.description);
      }
  });

  it('describes the permissions of a custom content type as the server does', () => {
    const service = readFileSync(
      new URL('../../../../server/src/modules/content/types/service.ts', import.meta.url),
      'utf8',
    );
    // The server writes `${label}` where the admin's English has {{label}}.
    const placeholder = ['$', '{label}'].join('');
    for (const [action, english] of Object.entries(described.permissions.contentType))
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
          ? described.events.entry[action as keyof typeof described.events.entry]?.replace(
              '{{type}}',
              'recipe',
            )
          : (described.events.other as Record<string, Record<string, string>>)[resource ?? '']?.[action];
      expect(english, event.name).toBe(event.description);
      expect(eventText(event, [recipe]), event.name).not.toBe(event.description);
    }
  });

  it('has French for every English description, with the same placeholders', () => {
    const leaves = (node: object, path = ''): Array<[string, string]> =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[`${path}${key}`, value] as [string, string]]
          : leaves(value, `${path}${key}.`),
      );
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((found) => found[1]).sort();
    const french = new Map(leaves(i18next.getResourceBundle('fr', 'translation').fromServer));
    for (const [key, english] of leaves(described)) {
      expect(french.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(french.get(key) ?? ''), key).toEqual(placeholders(english));
    }
  });
});
