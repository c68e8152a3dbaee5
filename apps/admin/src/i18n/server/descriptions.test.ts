import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../en.js';
import { fr } from '../fr.js';
import { i18next } from '../index.js';
import { eventText, permissionText } from './descriptions.js';
import { serverWords } from './language.js';

const types = [
  { slug: 'post', singular_label: 'Post', plural_label: 'Posts', builtin: true },
  { slug: 'recipe', singular_label: 'Recipe', plural_label: 'Recipes', builtin: false },
];

describe('permissions and webhook events in the interface’s language', () => {
  beforeAll(async () => {
    await i18next.init({
      resources: {
        en: { translation: en },
        fr: { translation: { ...fr, fromServer: await serverWords('fr') } },
      },
      lng: 'fr',
      interpolation: { escapeValue: false },
    });
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('says a core permission by its id, a content type’s with its name, a plugin’s as it came', () => {
    expect(permissionText({ id: 'posts.publish_others', description: '…' }, types)).toBe(
      'Publier et programmer les articles des autres utilisateurs',
    );
    expect(permissionText({ id: 'recipe.view', description: '…' }, types)).toBe(
      'Voir les entrées « recipes » dans l’administration, brouillons compris',
    );
    expect(permissionText({ id: 'guestbook.moderate', description: 'Hide guestbook entries' }, types)).toBe(
      'Hide guestbook entries',
    );
  });

  it('says an entry’s event with its type’s name, Tessera’s own types in French', () => {
    expect(eventText({ name: 'post.published', description: '…' }, types)).toBe(
      'Une entrée de type article a été publiée (à la main ou à l’heure prévue)',
    );
    expect(eventText({ name: 'recipe.deleted', description: '…' }, types)).toBe(
      'Une entrée de type recipe a été mise à la corbeille ou supprimée',
    );
    expect(eventText({ name: 'media.updated', description: '…' }, types)).toBe(
      'Les informations, le dossier, le point focal ou les fichiers d’un média ont changé',
    );
    expect(eventText({ name: 'guestbook.signed', description: 'Someone signed' }, types)).toBe(
      'Someone signed',
    );
  });

  it('says them in English as the server describes them', async () => {
    await i18next.changeLanguage('en');
    const published = {
      name: 'post.published',
      description: 'A post was published (by hand or on schedule)',
    };
    expect(eventText(published, types)).toBe(published.description);
    expect(permissionText({ id: 'recipe.edit', description: 'Edit own recipes' }, types)).toBe(
      'Edit own recipes',
    );
    await i18next.changeLanguage('fr');
  });
});
