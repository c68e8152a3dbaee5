import { anonymousActorOn } from '../../core/access/actor.js';
import { type OperationContext, operationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { AccountHookView } from './hooks.js';
import { AccountLinks } from './links.js';
import type { AccountRow } from './repo.js';

/** What the account flows share, per runtime: the signer of mailed links. */
const linksByRuntime = new WeakMap<Runtime, AccountLinks>();

export function accountLinksOf(runtime: Runtime): AccountLinks {
  let links = linksByRuntime.get(runtime);
  if (!links) {
    let key: Buffer | null = null;
    links = new AccountLinks(() => {
      key ??= runtime.secrets.derive('account-links');
      return key;
    });
    linksByRuntime.set(runtime, links);
  }
  return links;
}

/** The operation of a visitor of the site: anonymous to the admin's permissions, whatever account they hold. */
export function visitorOperation(runtime: Runtime, site: Site, ip: string | null): OperationContext {
  return operationContext(runtime, anonymousActorOn(site, runtime.permissions, ip));
}

/** An account as hooks are handed it. */
export function hookViewOf(row: AccountRow): AccountHookView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: row.locale,
    status: row.status,
    created_at: row.created_at,
  };
}

/**
 * The scheme and host the links a visitor is mailed start with: the address they reached
 * (`reached`, an origin) when it is one of the site's own domains, else PUBLIC_URL. Never a Host
 * header the site does not own, which would mail a reset link pointing wherever the request said
 * (an installation answering unknown hosts with its first site).
 */
export function linkOrigin(runtime: Runtime, site: Site, reached: string): string {
  const hostname = new URL(reached).hostname;
  const own = hostname === site.primary_domain || site.aliases.includes(hostname);
  return own ? reached : new URL(runtime.config.publicUrl).origin;
}

/** Where the site's pages in `locale` live: `/fr` for a language other than the default, else nothing. */
export function localePrefix(site: Site, locale: string): string {
  return locale !== site.default_locale && site.locales.includes(locale) ? `/${locale}` : '';
}
