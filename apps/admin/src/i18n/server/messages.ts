import { en as content } from './content.js';
import { en as core } from './core.js';
import { en as events } from './events.js';
import { en as identity } from './identity.js';
import { en as media } from './media.js';
import { en as permissions } from './permissions.js';
import { en as site } from './site.js';
import { en as words } from './words.js';

/**
 * What the server says to the admin, in its own words: its messages by area (the templates
 * server-text.ts matches an answer against), the words it puts into them, and the descriptions of
 * permissions and webhook events. messages.fr.ts has the French, key for key.
 */
export const en = {
  messages: { core, identity, content, media, site },
  words,
  permissions,
  events,
};
