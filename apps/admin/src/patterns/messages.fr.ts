import type { en } from './messages.js';

/** The French words of the patterns screen (messages.ts has the English). */
export const fr: typeof en = {
  about:
    'Les compositions sont des groupes de blocs enregistrés pour être replacés : une copie à chaque fois ou, synchronisées, les mêmes blocs partout, modifiés ici une fois pour toutes les pages.',
  list: 'Compositions',
  empty: 'Le site n’a pas encore de composition.',
  new: 'Nouvelle composition',
  untitled: 'Nouvelle composition',
  synced: 'Synchronisée',
  copied: 'Copiée',
  name: 'Nom',
  category: 'Catégorie',
  categoryHelp: 'Minuscules, chiffres et tirets : hero, features, footer…',
  categoryInvalid:
    'Utilisez des minuscules, des chiffres et des tirets, en commençant par une lettre (40 au plus).',
  nameRequired: 'Une composition doit avoir un nom.',
  syncedLabel:
    'Synchronisée : les pages montrent la composition elle-même, une modification ici les change toutes',
  blocks: 'Blocs',
  blocksRequired: 'Une composition contient au moins un bloc.',
  create: 'Créer la composition',
  save: 'Enregistrer',
  saved: 'Enregistré.',
  delete: 'Supprimer cette composition',
  deleteTitle: 'Supprimer la composition « {{name}} » ?',
  deleteText:
    'Les copies déjà placées restent. Les pages qui la placent synchronisée n’affichent plus rien à sa place.',
  deleteSyncedText:
    'Elle est synchronisée : les pages qui la placent n’affichent plus rien à sa place. Les copies placées avant restent.',
  updated: 'Modifiée {{date}}',
  openBuilder: 'Ouvrir dans le constructeur',
  stale:
    'Quelqu’un d’autre a enregistré cette composition depuis que vous l’avez ouverte. Chargez sa version (vos modifications ici sont perdues), ou gardez la vôtre et enregistrez-la par-dessus.',
  loadTheirs: 'Charger sa version',
  keepMine: 'Garder la mienne',
};
