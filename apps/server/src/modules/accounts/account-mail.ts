import { enqueueSiteMail } from '../../core/mail/mail-job.js';
import type { RenderedMail } from '../../core/mail/templates/render.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { renderSiteMail } from '../email-templates/module.js';
import { localePrefix } from './accounts.js';
import type { AccountRow } from './repo.js';

/** The mails of site accounts, each from its email template (`account.verify`...). */
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
  const { to, message } = await rendered(runtime, site, account, origin, mail);
  await enqueueSiteMail(runtime.jobs.queue, runtime.secrets, site, { to, ...message });
}

async function rendered(
  runtime: Runtime,
  site: Site,
  account: AccountRow,
  origin: string,
  mail: AccountMail,
): Promise<{ to: string; message: RenderedMail }> {
  const page = (path: string, token?: string) =>
    `${origin}${localePrefix(site, account.locale)}/account/${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const recipient = { name: account.name, email: account.email };
  const options = { origin };
  const { locale } = account;
  switch (mail.kind) {
    case 'verify': {
      const link = page('verify', mail.token);
      const message = await renderSiteMail(
        runtime,
        site,
        'account.verify',
        locale,
        { recipient, link },
        options,
      );
      return { to: account.email, message };
    }
    case 'exists': {
      const variables = { recipient, sign_in_link: page('sign-in'), forgot_link: page('forgot') };
      const message = await renderSiteMail(runtime, site, 'account.exists', locale, variables, options);
      return { to: account.email, message };
    }
    case 'reset': {
      const link = page('reset', mail.token);
      const message = await renderSiteMail(
        runtime,
        site,
        'account.password_reset',
        locale,
        { recipient, link },
        options,
      );
      return { to: account.email, message };
    }
    case 'email': {
      // To the new address, which is not the account's yet.
      const variables = { recipient: { ...recipient, email: mail.to }, link: page('email', mail.token) };
      const message = await renderSiteMail(runtime, site, 'account.email_change', locale, variables, options);
      return { to: mail.to, message };
    }
    case 'email_changed': {
      // To the former address; the account holds the new one.
      const variables = { recipient: { ...recipient, email: mail.to }, new_email: account.email };
      const message = await renderSiteMail(
        runtime,
        site,
        'account.email_changed',
        locale,
        variables,
        options,
      );
      return { to: mail.to, message };
    }
  }
}
