import { fr as events } from './events.fr.js';
import { fr as mailEvents } from './mail-events.fr.js';
import type { en } from './messages.js';
import { fr as permissions } from './permissions.fr.js';

/** What the server describes, in French. */
export const fr: typeof en = { permissions, events, mailEvents };
