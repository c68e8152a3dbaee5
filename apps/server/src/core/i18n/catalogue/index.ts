import type { Language } from '../language.js';
import { fr as campaignsFr } from './campaigns.fr.js';
import { en as campaigns } from './campaigns.js';
import { fr as contentFr } from './content.fr.js';
import { en as content } from './content.js';
import { fr as coreFr } from './core.fr.js';
import { en as core } from './core.js';
import { fr as identityFr } from './identity.fr.js';
import { en as identity } from './identity.js';
import { fr as mailFr } from './mail.fr.js';
import { en as mail } from './mail.js';
import { fr as mediaFr } from './media.fr.js';
import { en as media } from './media.js';
import { fr as siteFr } from './site.fr.js';
import { en as site } from './site.js';
import { fr as subscribersFr } from './subscribers.fr.js';
import { en as subscribers } from './subscribers.js';
import { fr as wordsFr } from './words.fr.js';
import { en as words } from './words.js';

const english = { core, identity, content, media, site, mail, subscribers, campaigns };

/**
 * The domain's messages by area, as the server writes them (`en`) and in each other language, key
 * for key: the templates the error handler finds a message by to say it in the caller's language.
 */
export const MESSAGES: Record<Language, typeof english> = {
  en: english,
  fr: {
    core: coreFr,
    identity: identityFr,
    content: contentFr,
    media: mediaFr,
    site: siteFr,
    mail: mailFr,
    subscribers: subscribersFr,
    campaigns: campaignsFr,
  },
};

/** The words the server puts into its messages as values, by the placeholder that takes them. */
export const WORDS: Record<Language, typeof words> = { en: words, fr: wordsFr };
