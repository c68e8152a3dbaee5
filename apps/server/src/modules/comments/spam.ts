import type { SettingsGroups } from '../../core/settings/settings-registry.js';
import { linkCount } from './text.js';

type Discussion = SettingsGroups['discussion'];

export interface Submission {
  name: string;
  email: string;
  body: string;
  ip: string;
}

/** Why a comment is refused: a code for clients, and a sentence for the person. */
export interface Refusal {
  code: string;
  message: string;
}

/**
 * The blocklist rules of the discussion settings (words in the name, address or text; addresses,
 * or prefixes ending in `.` or `:`; email domains). A hit is refused with its reason.
 */
export function blocklistRefusal(submission: Submission, rules: Discussion): Refusal | null {
  const text = `${submission.name}\n${submission.email}\n${submission.body}`.toLowerCase();
  const word = rules.blocked_words.find((candidate) => text.includes(candidate.toLowerCase()));
  if (word !== undefined)
    return { code: 'comment_blocked', message: 'This comment contains a word this site does not accept.' };
  const ip = rules.blocked_ips.find((entry) =>
    /[.:]$/.test(entry) ? submission.ip.startsWith(entry) : submission.ip === entry,
  );
  if (ip !== undefined)
    return { code: 'comment_blocked', message: 'Comments from your address are not accepted here.' };
  const domain = submission.email.split('@').pop()?.toLowerCase() ?? '';
  if (
    rules.blocked_email_domains.some(
      (blocked) => domain === blocked.toLowerCase() || domain.endsWith(`.${blocked.toLowerCase()}`),
    )
  )
    return { code: 'comment_blocked', message: 'Comments from this email domain are not accepted here.' };
  return null;
}

/**
 * Whether an accepted comment waits for a moderator: always, for authors without an approved
 * comment (first-time commenters), or never (the `moderation` setting); and whatever it says, when
 * it carries more links than `max_links`.
 */
export function heldForModeration(body: string, knownAuthor: boolean, rules: Discussion): boolean {
  if (linkCount(body) > rules.max_links) return true;
  if (rules.moderation === 'all') return true;
  if (rules.moderation === 'unknown_authors') return !knownAuthor;
  return false;
}
