import { createHmac } from 'node:crypto';
import type { SecretBox } from '../../core/access/secret-box.js';
import { safeEqual } from '../../core/access/secrets.js';

/**
 * What a newsletter link signs. Each purpose signs with its own words, so a link made for one can
 * never pass as another (a click link as an unsubscribe).
 */
export type LinkPurpose = 'confirm' | 'manage' | 'unsubscribe' | 'click' | 'open';

/** The MAC's length in base64url characters: 132 bits, short enough for a link. */
const MAC_LENGTH = 22;

/**
 * Signs the newsletter's links instead of storing tokens: an HMAC over the site, the purpose and
 * what the link names (a subscriber, a delivery, a delivery and the address clicked). The key is
 * derived from the installation's secret, for newsletter links alone.
 */
export class NewsletterSigner {
  private key: Buffer | null = null;

  constructor(private readonly secrets: () => SecretBox) {}

  sign(siteId: number, purpose: LinkPurpose, value: string): string {
    this.key ??= this.secrets().derive('newsletter-links');
    return createHmac('sha256', this.key)
      .update(`${siteId}\n${purpose}\n${value}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  }

  verify(siteId: number, purpose: LinkPurpose, value: string, mac: string): boolean {
    return mac.length === MAC_LENGTH && safeEqual(this.sign(siteId, purpose, value), mac);
  }
}

const signers = new WeakMap<object, NewsletterSigner>();

/** The runtime's one signer (made once; the key is read at the first link), for both halves of the newsletter. */
export function newsletterSignerOf(runtime: { readonly secrets: SecretBox }): NewsletterSigner {
  let signer = signers.get(runtime);
  if (!signer) {
    signer = new NewsletterSigner(() => runtime.secrets);
    signers.set(runtime, signer);
  }
  return signer;
}
