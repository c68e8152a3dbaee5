import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { linkOrigin, localePrefix } from '../../accounts/accounts.js';
import { newsletterSignerOf } from '../signing.js';

/** How long a confirmation link holds: a week, then the address has to subscribe again. */
export const CONFIRM_LIFETIME_MS = 7 * 24 * 3_600_000;

/**
 * The confirmation link's token: the subscriber, when it expires, and a MAC over both and the
 * address, so a link mailed to one address confirms no other the subscriber moved to.
 */
export function confirmToken(
  runtime: Runtime,
  site: Site,
  subscriber: { id: number; email: string },
): string {
  const expires = Math.floor((Date.now() + CONFIRM_LIFETIME_MS) / 1000);
  const value = `${subscriber.id}.${expires}`;
  return `${value}.${newsletterSignerOf(runtime).sign(site.id, 'confirm', `${value}.${subscriber.email}`)}`;
}

/** The subscriber a confirmation token names while it holds; the address is checked by `confirmHolds`. */
export function confirmClaims(token: string): { subscriberId: number; expires: number; mac: string } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,12})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
  if (!match) return null;
  const expires = Number(match[2]);
  if (expires * 1000 < Date.now()) return null;
  return { subscriberId: Number(match[1]), expires, mac: match[3] ?? '' };
}

export function confirmHolds(
  runtime: Runtime,
  site: Site,
  claims: { subscriberId: number; expires: number; mac: string },
  email: string,
): boolean {
  const value = `${claims.subscriberId}.${claims.expires}.${email}`;
  return newsletterSignerOf(runtime).verify(site.id, 'confirm', value, claims.mac);
}

/** The MAC of a subscriber's own page: it never expires, so every campaign can carry it. */
export function manageMac(runtime: Runtime, site: Site, subscriberId: number): string {
  return newsletterSignerOf(runtime).sign(site.id, 'manage', String(subscriberId));
}

export function manageHolds(runtime: Runtime, site: Site, subscriberId: number, mac: string): boolean {
  return newsletterSignerOf(runtime).verify(site.id, 'manage', String(subscriberId), mac);
}

/** Where the subscriber's pages live for their language: the site's prefix for it (`/fr`), if any. */
export function pagesBase(runtime: Runtime, site: Site, origin: string, language: string | null): string {
  return `${linkOrigin(runtime, site, origin)}${language ? localePrefix(site, language) : ''}`;
}

/**
 * The address of a subscriber's own page (change lists, unsubscribe), signed: what each campaign
 * puts in its footer. `origin` is the scheme and host the link should use; one that is not the
 * site's own falls back to the installation's public address.
 */
export function manageUrl(
  runtime: Runtime,
  site: Site,
  subscriberId: number,
  origin: string,
  language: string | null = null,
): string {
  const base = pagesBase(runtime, site, origin, language);
  return `${base}/_newsletter/manage?s=${subscriberId}&t=${manageMac(runtime, site, subscriberId)}`;
}
