import { fieldDiff, recordActivity } from '../../../core/activity/record.js';
import type { Data } from '../../../core/db/data.js';
import { Conflict, Forbidden, ValidationFailed } from '../../../core/errors.js';
import { emitSiteEvent } from '../../../core/events/site-events.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { type Actor, requirePermission } from '../actor.js';
import { identityOf } from '../identity.js';
import { hashPassword } from '../password/passwords.js';
import { SUPER_ADMIN } from '../roles/default-roles.js';
import { RolesRepo } from '../roles/repo.js';
import type { UserCreateInput, UserUpdateInput, UserView } from '../schemas.js';
import { normalizeEmail, type SiteUserQuery, type UserRow, UsersRepo } from './repo.js';
import { MembersRepo, membershipsOfUser } from './repo-members.js';
import {
  assertEmailFree,
  assertMayGrantRole,
  assertMayManage,
  assertNotLastSuperAdmin,
  assertSiteKeepsAnAdmin,
  auditable,
  findUserOnSite,
  resolveRole,
  standingOf,
  throwIfAny,
  userFieldProblems,
} from './rules.js';
import { viewUser, viewUsers } from './view.js';

export interface UserListQuery {
  page: number;
  limit: number;
  role?: string;
  status?: 'active' | 'suspended';
  search?: string;
}

/**
 * The users of a site: its members plus the Super Admins, who belong to every site. Every change
 * clears the user's cached standing after commit, so it applies from the very next request.
 */
export class UsersService {
  constructor(private readonly runtime: Runtime) {
    identityOf(runtime);
  }

  async list(ctx: OperationContext, query: UserListQuery): Promise<Page<UserView>> {
    const { actor } = ctx;
    requirePermission(actor, 'users.view');
    const data = this.runtime.data;
    const members = new MembersRepo(data.site(actor.site.id));
    let scope: Pick<SiteUserQuery, 'memberIds' | 'superAdmins'> = {
      memberIds: members.userIdsQuery(),
      superAdmins: true,
    };
    if (query.role === SUPER_ADMIN) scope = { memberIds: null, superAdmins: true };
    else if (query.role !== undefined) {
      const role = await new RolesRepo(data.site(actor.site.id)).findBySlug(query.role);
      if (!role) throw ValidationFailed.field('role', `There is no role "${query.role}" on this site.`);
      scope = { memberIds: members.userIdsQuery(role.id), superAdmins: false };
    }
    const filters = { ...scope, status: query.status, search: query.search };
    const page = await new UsersRepo(data.global).listOnSite(
      filters,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { items: await viewUsers(data, actor.site.id, page.items), total: page.total };
  }

  async get(ctx: OperationContext, id: number): Promise<UserView> {
    const { actor } = ctx;
    requirePermission(actor, 'users.view');
    return viewUser(
      this.runtime.data,
      actor.site.id,
      await findUserOnSite(this.runtime.data, actor.site.id, id),
    );
  }

  /** A user of the site by email, for operator commands that name users by email. */
  async getByEmail(ctx: OperationContext, email: string): Promise<UserView> {
    const { actor } = ctx;
    requirePermission(actor, 'users.view');
    const user = await new UsersRepo(this.runtime.data.global).findByEmail(email);
    if (!user) throw ValidationFailed.field('email', 'No user has this email.');
    return this.get(ctx, user.id);
  }

  async create(ctx: OperationContext, input: UserCreateInput): Promise<UserView> {
    const { actor } = ctx;
    requirePermission(actor, 'users.create');
    throwIfAny(userFieldProblems(input, null));
    // Hashing takes tens of milliseconds on purpose: done before the transaction, which would hold
    // the connection (SQLite has one) all that time.
    const passwordHash = await hashPassword(input.password);
    const siteId = actor.site.id;
    return this.runtime.data.transaction(async (tx) => {
      const target = await resolveRole(tx, siteId, input.role, this.runtime.permissions.all());
      assertMayGrantRole(actor, target);
      await assertEmailFree(tx, input.email, null);
      const at = new Date().toISOString();
      const users = new UsersRepo(tx.global);
      const id = await users.insert({
        email: input.email.trim(),
        displayName: input.display_name.trim(),
        passwordHash,
        locale: input.locale ?? actor.site.default_locale,
        isSuperAdmin: target.role.slug === SUPER_ADMIN,
        at,
      });
      if (input.status === 'suspended') await users.update(id, { status: 'suspended' });
      await new MembersRepo(tx.site(siteId)).assign(id, target.role.id, at);
      await recordActivity(tx, siteId, {
        userId: actor.userId,
        action: 'user.created',
        subjectType: 'user',
        subjectId: id,
        ip: actor.ip,
        details: { email: input.email.trim(), role: target.role.slug, status: input.status ?? 'active' },
      });
      const view = await viewUser(tx, siteId, await this.row(tx, id));
      // The address stays out: a webhook's receiver is a third party, and the id finds the user.
      await emitSiteEvent(ctx, 'user.created', {
        id: view.id,
        display_name: view.display_name,
        role: view.role?.slug ?? null,
        status: view.status,
        created_at: view.created_at,
      });
      return view;
    });
  }

  /** Changes a user; a new password also revokes their API tokens (answered as `tokensRevoked`). */
  async update(
    ctx: OperationContext,
    id: number,
    input: UserUpdateInput,
  ): Promise<{ user: UserView; tokensRevoked: number }> {
    const { actor } = ctx;
    requirePermission(actor, 'users.edit');
    const siteId = actor.site.id;
    const current = await new UsersRepo(this.runtime.data.global).findById(id);
    throwIfAny(userFieldProblems(input, current?.email ?? null));
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const { tokens } = identityOf(this.runtime);
    let tokensRevoked = 0;
    const view = await this.runtime.data.transaction(async (tx) => {
      const user = await findUserOnSite(tx, siteId, id);
      const before = await standingOf(tx, siteId, user, this.runtime.permissions.all());
      assertMayManage(actor, user, before.permissions);
      if (actor.userId === id) this.refuseOwnCredentials(user, input);
      else if (touchesAccount(user, input)) await this.assertAdministersEverySiteOf(tx, actor, user);
      const at = new Date().toISOString();
      const changes: Partial<Omit<UserRow, 'id' | 'created_at'>> = {};
      if (input.email !== undefined && input.email.trim() !== user.email) {
        await assertEmailFree(tx, input.email, id);
        changes.email = input.email.trim();
        changes.email_normalized = normalizeEmail(input.email);
      }
      if (input.display_name !== undefined && input.display_name.trim() !== user.display_name) {
        changes.display_name = input.display_name.trim();
      }
      if (input.locale !== undefined && input.locale !== user.locale) changes.locale = input.locale;
      let roleChanges = false;
      if (input.role !== undefined && input.role !== before.roleSlug) {
        if (input.role !== SUPER_ADMIN)
          await assertSiteKeepsAnAdmin(tx, siteId, user, before.roleSlug, 'demoted');
        Object.assign(changes, await this.changeRole(tx, actor, user, input.role, at));
        roleChanges = true;
      }
      if (input.status !== undefined && input.status !== user.status) {
        if (input.status === 'suspended') {
          await this.prepareSuspension(tx, actor, user);
          await assertSiteKeepsAnAdmin(tx, siteId, user, before.roleSlug, 'suspended');
        }
        changes.status = input.status;
      }
      if (passwordHash !== null) {
        changes.password_hash = passwordHash;
        changes.password_changed_at = at;
      }
      // A new password set by someone else, or a suspension, ends every session of the user.
      if (changes.password_hash !== undefined || changes.status === 'suspended') {
        await identityOf(this.runtime).sessions.withDb(tx.global).endAllOf(id);
      }
      // Tokens go with a new password too: they are credentials whoever knew the old one may hold.
      // (A suspension needs no revoking: a suspended owner's tokens are refused on every request.)
      if (changes.password_hash !== undefined) {
        tokensRevoked = await tokens.withDb(tx.global).revokeAllOf(id);
      }
      if (Object.keys(changes).length === 0 && !roleChanges) return viewUser(tx, siteId, user);
      await new UsersRepo(tx.global).update(id, { ...changes, updated_at: at });
      const after = await this.row(tx, id);
      const afterRole = (await standingOf(tx, siteId, after, [])).roleSlug;
      const diff: Record<string, unknown> = fieldDiff(
        auditable(user, before.roleSlug),
        auditable(after, afterRole),
        ['password_hash'],
      );
      if (tokensRevoked > 0) diff.tokens_revoked = tokensRevoked;
      if (Object.keys(diff).length > 0) {
        await recordActivity(tx, siteId, {
          userId: actor.userId,
          action: 'user.updated',
          subjectType: 'user',
          subjectId: id,
          ip: actor.ip,
          details: diff,
        });
      }
      return viewUser(tx, siteId, after);
    });
    // After commit: a request between a forget inside the transaction and the commit would cache the old standing.
    this.runtime.caches.forget('access', { userId: id });
    if (tokensRevoked > 0) this.runtime.caches.forget('api_tokens', { userId: id });
    return { user: view, tokensRevoked };
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    const { actor } = ctx;
    requirePermission(actor, 'users.delete');
    const siteId = actor.site.id;
    let tokensRevoked = 0;
    await this.runtime.data.transaction(async (tx) => {
      const user = await findUserOnSite(tx, siteId, id);
      if (actor.userId === id) throw new Conflict('You cannot delete yourself.', 'cannot_delete_self');
      const standing = await standingOf(tx, siteId, user, this.runtime.permissions.all());
      assertMayManage(actor, user, standing.permissions);
      await assertNotLastSuperAdmin(tx, user, 'deleted');
      await assertSiteKeepsAnAdmin(tx, siteId, user, standing.roleSlug, 'removed');
      // Users are global and may belong to several sites: deleting from one site removes only the
      // membership while others remain, so one site's admin cannot erase another site's author.
      // A Super Admin belongs to every site, so removing one from a single site would mean nothing:
      // the account itself goes.
      const elsewhere = (await membershipsOfUser(tx, id)).filter((m) => m.site_id !== siteId);
      const scope = user.is_super_admin !== 1 && elsewhere.length > 0 ? 'membership' : 'account';
      if (scope === 'membership') {
        await new MembersRepo(tx.site(siteId)).remove(id);
        // Removal ends their access here at once, as a suspension does: the sessions and tokens
        // bound to this site go; those of their other sites stay.
        const { sessions, tokens } = identityOf(this.runtime);
        await sessions.withDb(tx.global).endAllOn(id, siteId);
        tokensRevoked = await tokens.withDb(tx.global).revokeAllOn(id, siteId);
      }
      // Sessions, tokens and memberships go with the row (ON DELETE CASCADE); activity keeps a null user.
      else await new UsersRepo(tx.global).delete(id);
      await recordActivity(tx, siteId, {
        userId: actor.userId,
        action: 'user.deleted',
        subjectType: 'user',
        subjectId: id,
        ip: actor.ip,
        details: {
          email: user.email,
          scope,
          ...(tokensRevoked > 0 ? { tokens_revoked: tokensRevoked } : {}),
        },
      });
    });
    this.runtime.caches.forget('access', { userId: id });
    this.runtime.caches.forget('api_tokens', { userId: id });
  }

  /**
   * Adds an existing user to `site` with a role there: a Super Admin's operation, since it joins an
   * account to a site its current sites' admins may not know. The actor may stand on any site.
   */
  async addToSite(
    ctx: OperationContext,
    site: Site,
    input: { email: string; role: string },
  ): Promise<UserView> {
    const { actor } = ctx;
    requirePermission(actor, 'sites.manage');
    if (!actor.access.isSuperAdmin)
      throw new Forbidden('Only a Super Admin can add a user to another site.', 'super_admin_only');
    if (input.role === SUPER_ADMIN) {
      throw ValidationFailed.field(
        'role',
        'Make a Super Admin with PUT /api/users/{id}; Super Admins belong to every site.',
      );
    }
    const view = await this.runtime.data.transaction(async (tx) => {
      const user = await new UsersRepo(tx.global).findByEmail(input.email);
      if (!user) throw ValidationFailed.field('email', 'No user has this email.');
      const members = new MembersRepo(tx.site(site.id));
      if (user.is_super_admin === 1 || (await members.find(user.id))) {
        throw new Conflict(
          'This user already belongs to the site: change their role with PUT /api/users/{id} there.',
          'already_member',
        );
      }
      const target = await resolveRole(tx, site.id, input.role, this.runtime.permissions.all());
      assertMayGrantRole(actor, target);
      await members.assign(user.id, target.role.id, new Date().toISOString());
      await recordActivity(tx, site.id, {
        userId: actor.userId,
        action: 'user.added',
        subjectType: 'user',
        subjectId: user.id,
        ip: actor.ip,
        details: { email: user.email, role: target.role.slug, by_site: actor.site.id },
      });
      return viewUser(tx, site.id, user);
    });
    this.runtime.caches.forget('access', { userId: view.id });
    return view;
  }

  /**
   * Email, password and status belong to the account, which every site of the user shares: an
   * admin of one site changes them only when administering (holding users.edit on) each of the
   * user's sites, else one site's admin could take over an account another site relies on.
   */
  private async assertAdministersEverySiteOf(tx: Data, actor: Actor, user: UserRow): Promise<void> {
    if (actor.access.isSuperAdmin) return;
    // Read through the transaction: the cached resolver would query outside it.
    const actorRow =
      actor.userId === null ? undefined : await new UsersRepo(tx.global).findById(actor.userId);
    const all = this.runtime.permissions.all();
    for (const membership of await membershipsOfUser(tx, user.id)) {
      if (membership.site_id === actor.site.id) continue;
      const standing = actorRow ? await standingOf(tx, membership.site_id, actorRow, all) : null;
      const administers =
        actorRow?.status === 'active' && standing?.permissions.includes('users.edit') === true;
      if (!administers) {
        throw new Forbidden(
          'This account also belongs to a site you do not administer: only a Super Admin, or the user from their profile, can change its name, language, email, password or status.',
          'account_shared_with_other_site',
        );
      }
    }
  }

  /**
   * Moves the user to another role on this site. Becoming Super Admin sets the global flag; leaving
   * it clears the flag and drops the Super Admin memberships held on other sites, which would
   * otherwise still grant everything there through the role's permission set.
   */
  private async changeRole(
    tx: Data,
    actor: Actor,
    user: UserRow,
    slug: string,
    at: string,
  ): Promise<Partial<UserRow>> {
    const siteId = actor.site.id;
    const target = await resolveRole(tx, siteId, slug, this.runtime.permissions.all());
    assertMayGrantRole(actor, target);
    await new MembersRepo(tx.site(siteId)).assign(user.id, target.role.id, at);
    if (target.role.slug === SUPER_ADMIN) return { is_super_admin: 1 };
    if (user.is_super_admin !== 1) return {};
    await assertNotLastSuperAdmin(tx, user, 'demoted');
    for (const membership of await membershipsOfUser(tx, user.id)) {
      if (membership.site_id !== siteId && membership.role_slug === SUPER_ADMIN) {
        await new MembersRepo(tx.site(membership.site_id)).remove(user.id);
      }
    }
    return { is_super_admin: 0 };
  }

  private async prepareSuspension(tx: Data, actor: Actor, user: UserRow): Promise<void> {
    if (actor.userId === user.id) {
      throw new Conflict('You cannot suspend yourself.', 'cannot_suspend_self', {
        status: ['You cannot suspend yourself.'],
      });
    }
    await assertNotLastSuperAdmin(tx, user, 'suspended');
  }

  /**
   * One's own email and password change from the profile, which asks for the current password:
   * a hijacked session must not be enough to take over the account for good.
   */
  private refuseOwnCredentials(user: UserRow, input: UserUpdateInput): void {
    const message =
      'Change your own email and password from your profile (PUT /api/me), which asks for your current password.';
    const fields: Record<string, string[]> = {};
    if (input.email !== undefined && normalizeEmail(input.email) !== user.email_normalized)
      fields.email = [message];
    if (input.password !== undefined) fields.password = [message];
    if (Object.keys(fields).length > 0)
      throw new ValidationFailed(fields, 'The given data was invalid.', 'use_profile');
  }

  private async row(tx: Data, id: number): Promise<UserRow> {
    const user = await new UsersRepo(tx.global).findById(id);
    if (!user) throw new Error(`User ${id} vanished inside its own transaction`);
    return user;
  }
}

/** The request changes a field of the account itself (shared by all the user's sites), not the role here. */
/**
 * What belongs to the account, not to one site's membership: the name shows in every site's bylines
 * and the language in every site's admin, so they are guarded like the credentials.
 */
function touchesAccount(user: UserRow, input: UserUpdateInput): boolean {
  return (
    (input.email !== undefined && normalizeEmail(input.email) !== user.email_normalized) ||
    input.password !== undefined ||
    (input.status !== undefined && input.status !== user.status) ||
    (input.display_name !== undefined && input.display_name.trim() !== user.display_name) ||
    (input.locale !== undefined && input.locale !== user.locale)
  );
}
