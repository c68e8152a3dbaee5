import { en as events } from './events.js';
import { en as permissions } from './permissions.js';

/**
 * What the server describes in its own words and the admin says in the interface's language: what
 * each permission lets a role do and what each webhook event says happened, by their ids. (The
 * server's messages come in the caller's language themselves.) messages.fr.ts has the French.
 */
export const en = { permissions, events };
