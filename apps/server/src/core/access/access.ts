import { createHash } from 'node:crypto';
import type { PermissionCatalogue } from './permission-catalogue.js';

/**
 * What the current actor may do on the current site. Built per request from the user's role on
 * the site (or Super Admin), narrowed to a token's own permissions when the request came with one.
 */
export class Access {
  private builtAt: number;

  constructor(
    readonly userId: number,
    readonly isSuperAdmin: boolean,
    private granted: ReadonlySet<string>,
    private readonly catalogue: PermissionCatalogue,
    /**
     * For a grant derived from the catalogue (a Super Admin's, a default Admin role's): the grant
     * again, from the catalogue as it is now. A content type made on another instance registers its
     * permissions here when first met, mid-request: its maker is not refused for that moment.
     */
    private readonly regrant: (() => ReadonlySet<string>) | null = null,
  ) {
    this.builtAt = catalogue.version;
  }

  /** Holds the permission outright (for ownable ones: on own items). */
  allows(permission: string): boolean {
    if (!this.granted.has(permission) && this.regrant && this.builtAt !== this.catalogue.version) {
      this.granted = this.regrant();
      this.builtAt = this.catalogue.version;
      this.listed = null;
      this.print = null;
    }
    return this.granted.has(permission) && this.catalogue.has(permission);
  }

  /**
   * May act with an ownable permission on an item owned by `ownerId`: own items need `permission`,
   * everyone else's need `permission_others`.
   */
  allowsOn(permission: string, ownerId: number | null): boolean {
    if (ownerId !== this.userId && this.catalogue.isOwnable(permission))
      return this.allows(`${permission}_others`);
    return this.allows(permission);
  }

  private listed: string[] | null = null;

  private print: string | null = null;

  /**
   * A short digest of what this access allows: equal for two actors whose every check would answer
   * alike, so an answer cached for one (core/http/answer-cache.ts) may serve the other's same request.
   */
  fingerprint(): string {
    this.print ??= createHash('sha1')
      .update(`${this.isSuperAdmin ? 'super' : 'member'}\n${this.permissions().join('\n')}`)
      .digest('base64url');
    return this.print;
  }

  permissions(): string[] {
    // An Access is reused for as long as the standing it came from (access-resolver.ts): list once.
    this.listed ??= [...this.granted].filter((id) => this.catalogue.has(id)).sort();
    return [...this.listed];
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The actor's permissions on the request's site; null for anonymous requests. */
    access: Access | null;
  }
}
