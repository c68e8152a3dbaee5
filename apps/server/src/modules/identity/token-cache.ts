import type { ApiToken } from './tokens.js';

/**
 * Tokens recently authenticated, by the SHA-256 of their secret, so a client's burst of requests
 * costs one lookup rather than one per request. Revoking through ApiTokens forgets the entry at
 * once in this process; other instances notice within CACHE_MS, the same bound as a role change
 * (access-resolver.ts). Expiry is checked on every use, cached or not. Unknown tokens are not
 * cached, so a guess always reaches the database (and the rate limiter).
 */
const CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

export class TokenCache {
  private readonly entries = new Map<string, { token: ApiToken; until: number }>();

  get(hash: string, nowMs: number): ApiToken | null {
    const entry = this.entries.get(hash);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(hash);
      return null;
    }
    return entry.token;
  }

  set(hash: string, token: ApiToken, nowMs: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(hash, { token, until: nowMs + CACHE_MS });
  }

  forget(match: (token: ApiToken) => boolean): void {
    for (const [hash, entry] of this.entries) if (match(entry.token)) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
  }
}
