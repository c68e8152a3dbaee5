import { fr as content } from './content.fr.js';
import { fr as core } from './core.fr.js';
import { fr as events } from './events.fr.js';
import { fr as identity } from './identity.fr.js';
import { fr as media } from './media.fr.js';
import type { en } from './messages.js';
import { fr as permissions } from './permissions.fr.js';
import { fr as site } from './site.fr.js';
import { fr as words } from './words.fr.js';

/** What the server says to the admin, in French. */
export const fr: typeof en = {
  messages: { core, identity, content, media, site },
  words,
  permissions,
  events,
};
