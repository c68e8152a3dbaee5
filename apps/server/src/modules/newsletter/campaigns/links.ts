import type { NewsletterSigner } from '../signing.js';

/**
 * The addresses a campaign message links to for one delivery: each signed for its purpose, so a
 * link cannot be forged for another recipient, another address, or another use.
 */
export class TrackingLinks {
  constructor(
    private readonly signer: NewsletterSigner,
    private readonly siteId: number,
    /** The site's origin: `https://example.com`. */
    private readonly origin: string,
  ) {}

  /** Through the click redirect to `url`; the MAC covers the delivery and the address. */
  click(deliveryId: number, url: string): string {
    const mac = this.signer.sign(this.siteId, 'click', clickValue(deliveryId, url));
    return `${this.origin}/_newsletter/c/${deliveryId}/${mac}?u=${encodeURIComponent(url)}`;
  }

  /** The 1x1 image counting an open. */
  open(deliveryId: number): string {
    return `${this.origin}/_newsletter/o/${deliveryId}/${this.signer.sign(this.siteId, 'open', String(deliveryId))}.gif`;
  }

  /** The unsubscribe page (GET) and the one-click address (POST, RFC 8058). */
  unsubscribe(deliveryId: number): string {
    return `${this.origin}/_newsletter/u/${deliveryId}/${this.signer.sign(this.siteId, 'unsubscribe', String(deliveryId))}`;
  }
}

/** What a click link signs: the delivery and the address, on separate lines. */
export function clickValue(deliveryId: number, url: string): string {
  return `${deliveryId}\n${url}`;
}
