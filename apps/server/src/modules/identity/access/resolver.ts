import { Access } from '../../../core/access/access.js';
import type { PermissionCatalogue } from '../../../core/access/permission-catalogue.js';
import { TtlCache } from '../../../core/cache/ttl-cache.js';
import type { Data } from '../../../core/db/data.js';
import { ACCOUNT_PERMISSION } from '../permissions.js';
import { computedPermissions } from '../roles/default-roles.js';
import { RolesRepo } from '../roles/repo.js';
import { permissionsOfRole } from '../roles/role-permissions.js';
import type { UserView } from '../schemas.js';
import { UsersRepo } from '../users/repo.js';
import { MembersRepo } from '../users/repo-members.js';

/** What authentication and authorization need to know of a user on a site. */
export interface Standing {
  userId: number;
  status: 'active' | 'suspended';
  isSuperAdmin: boolean;
  /** Permissions through the user's role on the site; empty when not a member. */
  permissions: ReadonlySet<string>;
  /** The user's role when its permissions derive from the catalogue (a default Admin role), else null. */
  computedRole: { slug: string; is_default: number } | null;
  /** The role demands two-factor authentication and the user has not set it up. */
  twoFactorMissing: boolean;
  passwordChangedAt: string;
  /** The profile's language (users.locale): what the server's messages to them are said in. */
  locale: string;
}

/**
 * Every authenticated request needs the user's standing on the site; it changes rarely, so it is
 * cached. Identity services call `forget*` on every change to users, roles and memberships, so a
 * change takes effect at once in this process; other instances see it within CACHE_MS.
 */
const CACHE_MS = 2_000;

export class AccessResolver {
  private readonly cache = new TtlCache<string, Standing | null>(CACHE_MS, 50_000);
  /**
   * What a request would otherwise re-derive from the same standing: the Access for each token
   * permission set, and the user's profile view on the site. Both live exactly as long as the
   * standing they came from (a new standing object is a new key), and the forget* calls drop them.
   */
  private readonly accessByStanding = new WeakMap<Standing, Map<string, Access>>();
  private readonly views = new TtlCache<string, UserView>(CACHE_MS, 50_000);

  constructor(
    private readonly data: Data,
    private readonly catalogue: PermissionCatalogue,
  ) {}

  async standing(userId: number, siteId: number): Promise<Standing | null> {
    const key = `${userId}:${siteId}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const standing = await this.load(userId, siteId);
    this.cache.set(key, standing);
    return standing;
  }

  /** The access of a user on a site, narrowed to `tokenPermissions` when the request used a token. */
  access(standing: Standing, tokenPermissions: readonly string[] | null): Access {
    const key = tokenPermissions === null ? '*' : tokenPermissions.join(',');
    let byToken = this.accessByStanding.get(standing);
    const known = byToken?.get(key);
    if (known) return known;
    const access = this.buildAccess(standing, tokenPermissions);
    if (!byToken) {
      byToken = new Map();
      this.accessByStanding.set(standing, byToken);
    }
    byToken.set(key, access);
    return access;
  }

  /** The user's profile view on a site, from cache or `load`; dropped with the user's standing. */
  async view(userId: number, siteId: number, load: () => Promise<UserView>): Promise<UserView> {
    const key = `${userId}:${siteId}`;
    const cached = this.views.get(key);
    if (cached !== undefined) return cached;
    const view = await load();
    this.views.set(key, view);
    return view;
  }

  private buildAccess(standing: Standing, tokenPermissions: readonly string[] | null): Access {
    const own = tokenPermissions ? new Set(tokenPermissions) : null;
    const narrowed = (granted: ReadonlySet<string>): ReadonlySet<string> =>
      own ? new Set([...granted].filter((id) => own.has(id))) : granted;
    // Everyone may change their own account; a token's list narrows that like anything else.
    const grant = (): ReadonlySet<string> =>
      narrowed(
        standing.isSuperAdmin
          ? new Set(this.catalogue.all())
          : new Set([
              ...(standing.computedRole
                ? (computedPermissions(standing.computedRole, this.catalogue.all()) ?? [])
                : standing.permissions),
              ACCOUNT_PERMISSION,
            ]),
      );
    const derived = standing.isSuperAdmin || standing.computedRole !== null;
    return new Access(
      standing.userId,
      standing.isSuperAdmin,
      grant(),
      this.catalogue,
      derived ? grant : null,
    );
  }

  forgetUser(userId: number): void {
    this.cache.deleteWhere((key) => key.startsWith(`${userId}:`));
    this.views.deleteWhere((key) => key.startsWith(`${userId}:`));
  }

  forgetAll(): void {
    this.cache.clear();
    this.views.clear();
  }

  private async load(userId: number, siteId: number): Promise<Standing | null> {
    const user = await new UsersRepo(this.data.global).findById(userId);
    if (!user) return null;
    const site = this.data.site(siteId);
    const membership = await new MembersRepo(site).find(userId);
    const role = membership && {
      id: membership.role_id,
      slug: membership.role_slug,
      is_default: membership.role_is_default,
    };
    const permissions = role ? await permissionsOfRole(new RolesRepo(site), role, this.catalogue.all()) : [];
    return {
      userId,
      status: user.status,
      isSuperAdmin: user.is_super_admin === 1,
      permissions: new Set(permissions),
      computedRole: role && computedPermissions(role, []) !== null ? role : null,
      twoFactorMissing: membership?.requires_two_factor === 1 && !user.totp_enabled_at,
      passwordChangedAt: user.password_changed_at,
      locale: user.locale,
    };
  }
}
