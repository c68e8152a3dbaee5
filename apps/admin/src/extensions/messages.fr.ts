import type { en } from './messages.js';

/** The French words of plugins' admin additions (messages.ts has the English). */
export const fr: typeof en = {
  failed: 'Les ajouts de l’extension {{plugin}} à l’administration n’ont pas pu être chargés : {{reason}}',
  listFailed: 'Les ajouts des extensions à l’administration n’ont pas pu être chargés.',
  crashed: 'Cette partie de l’extension {{plugin}} a cessé de fonctionner : {{reason}}',
};
