import type { SecretBox } from '../../core/access/secret-box.js';
import type { Site } from '../../core/sites/site.js';

// Long enough to read the page again after posting, short enough that a shared link soon stops
// showing a comment nobody approved.
const RECEIPT_LIFETIME_MS = 3_600_000;

/**
 * What a visitor gets back after posting a comment that waits for a moderator: a sealed, short-lived
 * note of its id, carried in the address they are sent back to (`?comment=`), so the page can show
 * them their own comment without a cookie, and nobody can forge one for someone else's comment.
 */
export function commentReceipt(secrets: SecretBox, site: Site, commentId: number): string {
  return secrets.seal(JSON.stringify({ s: site.id, c: commentId, t: Date.now() }));
}

/** The comment a receipt names, if it is this site's and still fresh; null otherwise. */
export function openReceipt(secrets: SecretBox, site: Site, receipt: string): number | null {
  let claims: { s?: unknown; c?: unknown; t?: unknown };
  try {
    claims = JSON.parse(secrets.open(receipt));
  } catch {
    return null;
  }
  if (claims.s !== site.id || typeof claims.c !== 'number' || typeof claims.t !== 'number') return null;
  const age = Date.now() - claims.t;
  return age >= 0 && age <= RECEIPT_LIFETIME_MS ? claims.c : null;
}
