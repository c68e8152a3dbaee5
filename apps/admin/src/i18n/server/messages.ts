import { en as events } from './events.js';
import { en as mailEvents } from './mail-events.js';
import { en as permissions } from './permissions.js';

/**
 * What the server describes in its own words and the admin says in the interface's language: what
 * each permission lets a role do, what each webhook event says happened, and what each mail event
 * is for and its variables hold, by their ids. (The server's messages come in the caller's language
 * themselves.) messages.fr.ts has the French.
 */
export const en = { permissions, events, mailEvents };
