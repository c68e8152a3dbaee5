import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from './fr.js';
import { i18next } from './index.js';
import { serverWords } from './server/language.js';
import { fr as fromServerFr } from './server/messages.fr.js';
import { en as fromServer } from './server/messages.js';
import { CATALOG, serverText } from './server-text.js';

/** Messages as the server writes them (error-handler.ts, validate-values.ts, errors.ts). */
const SENT = {
  'This field is required.': 'Ce champ est obligatoire.',
  'Must be at most 100 characters.': 'Au plus 100 caractères.',
  'At least 3 characters.': 'Au moins 3 caractères.',
  'Must be at least 2.': 'Doit valoir au moins 2.',
  'Must be one of the allowed values.': 'Doit être l’une des valeurs permises.',
  'Is already taken.': 'Déjà utilisé.',
  'Expected a date and time, ISO 8601 (2026-05-01T09:30:00Z).': 'Une date et une heure sont attendues.',
  'Expected a full URL (https://...).': 'Une URL complète est attendue (https://…).',
  'Must be 2026-01-01 or later.': 'Doit être le 2026-01-01 ou après.',
  'The given data was invalid.': 'Certaines valeurs sont à revoir.',
  'Too many requests. Try again later.': 'Trop de requêtes. Réessayez plus tard.',
};

describe("the server's messages in the interface's language", () => {
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

  it('says the known ones in French, with their numbers', () => {
    for (const [sent, said] of Object.entries(SENT)) expect(serverText(sent), sent).toBe(said);
  });

  it("has the server's words in French for every English one, with the same placeholders", () => {
    const leaves = (node: object, path = ''): Array<[string, string]> =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[`${path}${key}`, value] as [string, string]]
          : leaves(value, `${path}${key}.`),
      );
    const french = new Map(leaves(fromServerFr));
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((found) => found[1]).sort();
    for (const [key, english] of leaves(fromServer)) {
      expect(french.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(french.get(key) ?? ''), key).toEqual(placeholders(english));
    }
  });

  it('has words for every message of its catalog', () => {
    for (const [, key] of CATALOG) expect(Object.keys(fr.server), key).toContain(key);
  });

  it('leaves a message it does not know as the server wrote it', () => {
    expect(serverText('The guestbook is full for today.', 'guestbook_full')).toBe(
      'The guestbook is full for today.',
    );
  });

  it("says the domain's messages with the values they carry", () => {
    expect(serverText('The slug "about" is taken here; choose another.')).toBe(
      'L’identifiant d’URL « about » est déjà pris ici ; choisissez-en un autre.',
    );
    expect(serverText('Another site already answers on example.org.')).toBe(
      'Un autre site répond déjà sur example.org.',
    );
    expect(serverText('Folder 12 does not exist.')).toBe('Le dossier 12 n’existe pas.');
    expect(serverText('This requires the media.upload permission.', 'permission_denied')).toBe(
      'Il faut pour cela la permission media.upload.',
    );
    expect(
      serverText(
        'This entry changed since version 3: it is at version 5. Reload it and apply your change again.',
        'stale_version',
      ),
    ).toBe(
      'Cette entrée a changé depuis la version 3 : elle en est à la version 5. Rechargez-la et refaites votre modification.',
    );
    expect(
      serverText(
        'User 7 holds the edit lock since 2026-05-01T09:30:00Z (until 2026-05-01T09:35:00Z).',
        'entry_locked',
      ),
    ).toBe(
      'L’utilisateur 7 détient le verrou d’édition depuis 2026-05-01T09:30:00Z (jusqu’à 2026-05-01T09:35:00Z).',
    );
  });

  it('says a message with no value by its code alone, however the server words it', () => {
    expect(serverText('Tessera has been installed before.', 'already_installed')).toBe(
      'Tessera est déjà installé.',
    );
    expect(serverText('Missing CSRF token.', 'csrf_token_invalid')).toBe(
      'Votre session a changé depuis l’ouverture de cette page : rechargez-la et recommencez.',
    );
  });

  it('picks among the messages of a code by their words', () => {
    expect(serverText('This account is suspended.', 'account_suspended')).toBe('Ce compte est suspendu.');
    expect(serverText('A suspended user cannot get new tokens.', 'account_suspended')).toBe(
      'Un utilisateur suspendu ne peut pas recevoir de nouveaux jetons.',
    );
  });

  it('says the words the server puts into its messages, one by one in a list', () => {
    expect(serverText('The last active Super Admin cannot be demoted.', 'last_super_admin')).toBe(
      'Le dernier Super Admin actif ne peut pas être rétrogradé.',
    );
    expect(serverText('Media 4 is a video; this takes image or audio files.')).toBe(
      'Le média 4 est une vidéo ; cet emplacement n’accepte que les fichiers image ou audio.',
    );
    expect(
      serverText(
        'unpublish is not possible from draft; possible now: submit, publish.',
        'transition_not_allowed',
      ),
    ).toBe(
      '« Dépublier » n’est pas possible depuis l’état brouillon ; possible maintenant : soumettre à relecture, publier.',
    );
    expect(serverText('This media is used in 1 place. Remove it there, or delete with force=true.')).toBe(
      'Ce média est utilisé à 1 endroit. Retirez-le de là, ou supprimez-le quand même (force=true).',
    );
    expect(serverText('This media is used in 3 places. Remove it there, or delete with force=true.')).toBe(
      'Ce média est utilisé à 3 endroits. Retirez-le de là, ou supprimez-le quand même (force=true).',
    );
  });

  it('says a message the server nests in another', () => {
    expect(
      serverText(
        "The photo's address is refused: cdn.example resolves to 10.0.0.3, a private or reserved address: refused.",
      ),
    ).toBe(
      'L’adresse de la photo est refusée : cdn.example pointe vers 10.0.0.3, une adresse privée ou réservée : refusé.',
    );
  });

  it("says TypeBox's messages on a block's props", () => {
    expect(serverText('Expected string length less or equal to 80')).toBe('Au plus 80 caractères');
    expect(serverText('Expected union value')).toBe('Aucune des formes permises');
  });

  it('leaves English as it came', async () => {
    await i18next.changeLanguage('en');
    expect(serverText('This field is required.')).toBe('This field is required.');
    await i18next.changeLanguage('fr');
  });
});
