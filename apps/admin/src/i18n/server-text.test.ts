import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from './fr.js';
import { i18next } from './index.js';
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
      resources: { fr: { translation: fr } },
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

  it('has words for every message of its catalog', () => {
    for (const [, key] of CATALOG) expect(Object.keys(fr.server), key).toContain(key);
  });

  it('leaves a message it does not know as the server wrote it', () => {
    expect(serverText('The slug "about" is taken here; choose another.')).toBe(
      'The slug "about" is taken here; choose another.',
    );
  });

  it('leaves English as it came', async () => {
    await i18next.changeLanguage('en');
    expect(serverText('This field is required.')).toBe('This field is required.');
    await i18next.changeLanguage('fr');
  });
});
