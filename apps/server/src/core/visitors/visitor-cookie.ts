import { createHmac } from 'node:crypto';
import { randomSecret, safeEqual, sha256 } from '../access/secrets.js';

/** The cookie of a visitor's session on the public site; the admin's is `tessera_session`. */
export const VISITOR_COOKIE = 'tessera_visitor';

/**
 * A visitor's cookie: a random secret and its HMAC for the site, `<secret>.<mac>`. The signature is
 * checked before the store is asked, so a forged or altered cookie costs no lookup, and a cookie
 * made for one site is no session on another even if it were copied there. Only the secret's
 * SHA-256 is stored (`idOf`): a leaked store holds no cookie.
 */
export class VisitorCookies {
  constructor(private readonly key: () => Buffer) {}

  /** A new cookie value for the site, and the id its session is stored under. */
  issue(siteId: number): { value: string; id: string } {
    const secret = randomSecret(32);
    return { value: `${secret}.${this.mac(siteId, secret)}`, id: sha256(secret) };
  }

  /** The stored id a cookie value names on the site, or null when it is not one the site signed. */
  idOf(siteId: number, value: string | undefined): string | null {
    if (!value) return null;
    const [secret = '', mac = '', extra] = value.split('.');
    if (extra !== undefined || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
    return safeEqual(mac, this.mac(siteId, secret)) ? sha256(secret) : null;
  }

  private mac(siteId: number, secret: string): string {
    return createHmac('sha256', this.key()).update(`${siteId}.${secret}`).digest('base64url');
  }
}
