import type { FastifyReply } from 'fastify';

type Directive = 'img-src' | 'media-src' | 'script-src';

/**
 * Lets an answer's Content-Security-Policy (helmet's, set on every answer) load pictures and media
 * from these origins too, and from nowhere else new: a CDN in front of the files, a stock photo host;
 * or run one inline script named by its hash. A directive the policy lacks falls back to
 * default-src 'self', so it is added as 'self' plus them.
 */
export function allowOrigins(
  reply: FastifyReply,
  origins: Partial<Record<Directive, readonly string[]>>,
): void {
  let policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  for (const [directive, added] of Object.entries(origins) as [Directive, readonly string[]][]) {
    if (added.length === 0) continue;
    const pattern = new RegExp(`(^|;)${directive} ([^;]*)`);
    policy = pattern.test(policy)
      ? policy.replace(pattern, `$1${directive} $2 ${added.join(' ')}`)
      : `${policy};${directive} 'self' ${added.join(' ')}`;
  }
  reply.raw.setHeader('content-security-policy', policy);
}
