/**
 * Who is making a request, once authentication has run: set by the authentication hook from a
 * Bearer token or a session cookie, null for anonymous requests.
 */
export interface Principal {
  userId: number;
  via: 'token' | 'session';
  /** The API token's id when authenticated by token. */
  tokenId: number | null;
  /** The session's id (a hash, never the cookie value) when authenticated by session. */
  sessionId: string | null;
  /** The session's CSRF token, compared with the X-CSRF-Token header on unsafe methods. */
  csrfToken: string | null;
  /** When the API token stops working (ISO time); null for a token without expiry and for a session. */
  tokenExpiresAt: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
