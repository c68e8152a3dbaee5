import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import type { Runtime } from '../../core/runtime.js';
import { type Site, systemNameOf } from '../../core/sites/site.js';
import { stringsFor } from '../public/theme/strings.js';
import { localePrefix } from './accounts.js';
import type { AccountRow } from './repo.js';

/** The built-in mails of site accounts, plain text until the email templates replace them. */
export type AccountMail =
  | { kind: 'verify'; token: string }
  | { kind: 'exists' }
  | { kind: 'reset'; token: string }
  | { kind: 'email'; token: string; to: string }
  | { kind: 'email_changed'; to: string };

/**
 * Queues one of an account's mails, in the account's language, with links to the site's pages from
 * `origin` (linkOrigin). Call it inside the operation's transaction: the mail exists when the change
 * that caused it commits.
 */
export async function mailAccount(
  runtime: Runtime,
  site: Site,
  account: AccountRow,
  origin: string,
  mail: AccountMail,
): Promise<void> {
  const words = stringsFor(account.locale).account.mail;
  const siteName = systemNameOf(site);
  const page = (path: string, token?: string) =>
    `${origin}${localePrefix(site, account.locale)}/account/${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  // Each mail's subject, then its text: whom it greets, the site, and its links.
  const [subject, text] =
    mail.kind === 'verify'
      ? [words.verifySubject, words.verifyText(account.name, siteName, page('verify', mail.token))]
      : mail.kind === 'exists'
        ? [words.existsSubject, words.existsText(account.name, siteName, page('sign-in'), page('forgot'))]
        : mail.kind === 'reset'
          ? [words.resetSubject, words.resetText(account.name, siteName, page('reset', mail.token))]
          : mail.kind === 'email'
            ? [words.emailSubject, words.emailText(account.name, siteName, page('email', mail.token))]
            : [words.emailChangedSubject, words.emailChangedText(account.name, siteName, account.email)];
  const message = { subject: subject(siteName), text };
  const to = mail.kind === 'email' || mail.kind === 'email_changed' ? mail.to : account.email;
  await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, site, { to, ...message });
}
