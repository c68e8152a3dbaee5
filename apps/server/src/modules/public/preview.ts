import type { SecretBox } from '../../core/access/secret-box.js';

/** How long a preview link works unless asked otherwise. */
export const DEFAULT_PREVIEW_HOURS = 24;

interface PreviewClaim {
  site: number;
  /** The preview link's row: revoked or its creator gone, the token opens nothing. */
  link: number;
  /** Unix milliseconds. */
  until: number;
}

const PREFIX = 'sb1:';

/**
 * A preview link's token: the site, the link's row and an expiry, sealed with the installation's key
 * (AES-GCM), so it can be neither read nor forged nor stretched. Whoever holds the link sees the
 * draft until then, as a shared draft link in WordPress plugins works, unless the link is revoked
 * or its creator loses access to the entry (preview-links.ts).
 */
export function previewToken(secrets: SecretBox, siteId: number, linkId: number, until: Date): string {
  const claim: PreviewClaim = { site: siteId, link: linkId, until: until.getTime() };
  return secrets.seal(JSON.stringify(claim)).slice(PREFIX.length);
}

/** The link a token names on `siteId`, or null when it is not one, is another site's or has expired. */
export function openPreviewToken(
  secrets: SecretBox,
  token: string,
  siteId: number,
  now = Date.now(),
): number | null {
  if (!/^[A-Za-z0-9_-]{20,400}$/.test(token)) return null;
  let claim: PreviewClaim;
  try {
    claim = JSON.parse(secrets.open(`${PREFIX}${token}`)) as PreviewClaim;
  } catch {
    return null;
  }
  if (claim.site !== siteId || !(claim.until > now) || !Number.isInteger(claim.link)) return null;
  return claim.link;
}
