import type { PermissionCatalogue } from './permission-catalogue.js';

/**
 * What the current actor may do on the current site. Built per request from the user's role on
 * the site (or Super Admin), narrowed to a token's own permissions when the request came with one.
 */
export class Access {
  constructor(
    readonly userId: number,
    readonly isSuperAdmin: boolean,
    private readonly granted: ReadonlySet<string>,
    private readonly catalogue: PermissionCatalogue,
  ) {}

  /** Holds the permission outright (for ownable ones: on own items). */
  allows(permission: string): boolean {
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

  permissions(): string[] {
    return [...this.granted].filter((id) => this.catalogue.has(id)).sort();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The actor's permissions on the request's site; null for anonymous requests. */
    access: Access | null;
  }
}
