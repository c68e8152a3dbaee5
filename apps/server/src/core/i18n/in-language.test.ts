import { describe, expect, it } from 'vitest';
import { inLanguage, templateOf } from './in-language.js';

/** Messages as the server writes them (error-handler.ts, validate-values.ts, errors.ts), in French. */
const SENT = {
  'This field is required.': 'Ce champ est obligatoire.',
  'Must be at most 100 characters.': 'Au plus 100 caractères.',
  'Must be at least 2.': 'Doit valoir au moins 2.',
  'Must be one of the allowed values.': 'Doit être l’une des valeurs permises.',
  'Is already taken.': 'Déjà utilisé.',
  'Expected a full URL (https://...).': 'Une URL complète est attendue (https://…).',
  'Must be 2026-01-01 or later.': 'Doit être le 2026-01-01 ou après.',
  'Price is required.': 'Price est obligatoire.',
  'The given data was invalid.': 'Certaines valeurs sont à revoir.',
  'Too many requests. Try again later.': 'Trop de requêtes. Réessayez plus tard.',
};

describe("the server's messages in the caller's language", () => {
  it('says the known ones in French, with their values', () => {
    for (const [sent, said] of Object.entries(SENT)) expect(inLanguage(sent, 'fr'), sent).toBe(said);
  });

  it('finds the rule a field message was written from, with its values', () => {
    expect(templateOf('Must be at most 100 characters.')).toEqual({
      key: 'field.max_length',
      values: { limit: '100' },
    });
    expect(templateOf('Must be at most 100.')).toEqual({ key: 'field.maximum', values: { limit: '100' } });
  });

  it('leaves English, and a message it does not know, as the server wrote it', () => {
    expect(inLanguage('This field is required.', 'en')).toBe('This field is required.');
    expect(inLanguage('The guestbook is full for today.', 'fr')).toBe('The guestbook is full for today.');
  });

  it("says the domain's messages with the values they carry", () => {
    expect(inLanguage('The slug "about" is taken here; choose another.', 'fr')).toBe(
      'L’identifiant d’URL « about » est déjà pris ici ; choisissez-en un autre.',
    );
    expect(inLanguage('Another site already answers on example.org.', 'fr')).toBe(
      'Un autre site répond déjà sur example.org.',
    );
    expect(inLanguage('Folder 12 does not exist.', 'fr')).toBe('Le dossier 12 n’existe pas.');
    expect(inLanguage('This requires the media.upload permission.', 'fr')).toBe(
      'Il faut pour cela la permission media.upload.',
    );
    expect(
      inLanguage(
        'This entry changed since version 3: it is at version 5. Reload it and apply your change again.',
        'fr',
      ),
    ).toBe(
      'Cette entrée a changé depuis la version 3 : elle en est à la version 5. Rechargez-la et refaites votre modification.',
    );
    expect(
      inLanguage('User 7 holds the edit lock since 2026-05-01T09:30:00Z (until 2026-05-01T09:35:00Z).', 'fr'),
    ).toBe(
      'L’utilisateur 7 détient le verrou d’édition depuis 2026-05-01T09:30:00Z (jusqu’à 2026-05-01T09:35:00Z).',
    );
  });

  it('says the words the server puts into its messages, one by one in a list', () => {
    expect(inLanguage('The last active Super Admin cannot be demoted.', 'fr')).toBe(
      'Le dernier Super Admin actif ne peut pas être rétrogradé.',
    );
    expect(inLanguage('Media 4 is a video; this takes image or audio files.', 'fr')).toBe(
      'Le média 4 est une vidéo ; cet emplacement n’accepte que les fichiers image ou audio.',
    );
    expect(inLanguage('unpublish is not possible from draft; possible now: submit, publish.', 'fr')).toBe(
      '« Dépublier » n’est pas possible depuis l’état brouillon ; possible maintenant : soumettre à relecture, publier.',
    );
    expect(
      inLanguage('This media is used in 1 place. Remove it there, or delete with force=true.', 'fr'),
    ).toBe('Ce média est utilisé à 1 endroit. Retirez-le de là, ou supprimez-le quand même (force=true).');
    expect(
      inLanguage('This media is used in 3 places. Remove it there, or delete with force=true.', 'fr'),
    ).toBe('Ce média est utilisé à 3 endroits. Retirez-le de là, ou supprimez-le quand même (force=true).');
  });

  it('says a message the server nests in another', () => {
    expect(
      inLanguage(
        "The photo's address is refused: cdn.example resolves to 10.0.0.3, a private or reserved address: refused.",
        'fr',
      ),
    ).toBe(
      'L’adresse de la photo est refusée : cdn.example pointe vers 10.0.0.3, une adresse privée ou réservée : refusé.',
    );
    expect(inLanguage('The default is not a valid value: Expected a number.', 'fr')).toBe(
      'La valeur par défaut n’est pas valide : Un nombre est attendu.',
    );
  });

  it("says TypeBox's messages on a block's props", () => {
    expect(inLanguage('Expected string length less or equal to 80', 'fr')).toBe('Au plus 80 caractères');
    expect(inLanguage('Expected union value', 'fr')).toBe('Aucune des formes permises');
  });
});
