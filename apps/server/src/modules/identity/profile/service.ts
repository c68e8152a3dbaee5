import { fieldDiff, recordActivity } from '../../../core/activity/record.js';
import { Conflict, type FieldErrors, Forbidden, NotFound } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { type Actor, requirePermission } from '../actor.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { identityOf } from '../identity.js';
import { hashPassword, verifyPassword } from '../password/passwords.js';
import type { MeUpdateInput, TokenCreateInput, UserView } from '../schemas.js';
import type { ApiToken } from '../tokens/repo.js';
import { normalizeEmail, type UserRow, UsersRepo } from '../users/repo.js';
import { membershipsOfUser } from '../users/repo-members.js';
import { assertEmailFree, auditable, throwIfAny, userFieldProblems } from '../users/rules.js';
import { viewUser } from '../users/view.js';
import { assertMayChangeAccount } from './account-access.js';

export interface MySite {
  id: number;
  name: string;
  primary_domain: string;
  /** The user's role there; null for a Super Admin who is no member of it. */
  role: string | null;
  current: boolean;
}

export interface CreatedToken {
  /** The secret, returned this once: only its hash is stored. */
  token: string;
  record: ApiToken;
}

/** The signed-in user's own account: profile, password and API tokens. */
export class ProfileService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly runtime: Runtime) {
    identityOf(runtime);
    this.throttle = new LoginThrottle(runtime.rateLimits);
  }

  /** Cached like the standing it rests on: every call of GET /api/me would otherwise take three queries. */
  async me(ctx: OperationContext): Promise<UserView> {
    const { actor } = ctx;
    const user = actor.userId;
    if (user === null) return viewUser(this.runtime.data, actor.site.id, await this.self(actor));
    return identityOf(this.runtime).resolver.view(user, actor.site.id, async () =>
      viewUser(this.runtime.data, actor.site.id, await this.self(actor)),
    );
  }

  /**
   * The sites the signed-in user may administer, for the admin's site switcher: those they are a
   * member of (with their role there), every site for a Super Admin. Disabled sites are left out
   * (their admin does not answer); the current one is marked.
   */
  async sites(ctx: OperationContext): Promise<MySite[]> {
    const { actor } = ctx;
    if (actor.userId === null) return [];
    const roles = new Map(
      (await membershipsOfUser(this.runtime.data, actor.userId)).map((m) => [m.site_id, m.role_slug]),
    );
    const sites = actor.access.isSuperAdmin
      ? await this.runtime.siteStore.list()
      : (await Promise.all([...roles.keys()].map((id) => this.runtime.siteStore.findById(id)))).filter(
          (site): site is NonNullable<typeof site> => site !== null,
        );
    return sites
      .filter((site) => site.enabled)
      .map((site) => ({
        id: site.id,
        name: site.name,
        primary_domain: site.primary_domain,
        role: roles.get(site.id) ?? null,
        current: site.id === actor.site.id,
      }));
  }

  /**
   * Changes the own profile. The email and the password need the current password; a new password
   * ends every other session and revokes every other API token (`keep`: the credential making the
   * change stays signed in). Answers the profile and how many tokens were revoked.
   */
  async update(
    ctx: OperationContext,
    input: MeUpdateInput,
    keep: { sessionId: string | null; tokenId: number | null },
  ): Promise<{ user: UserView; tokensRevoked: number }> {
    const { actor } = ctx;
    assertMayChangeAccount(actor.access);
    const user = await this.self(actor);
    const emailChanges = input.email !== undefined && normalizeEmail(input.email) !== user.email_normalized;
    const fields: FieldErrors = userFieldProblems(input, user.email);
    if (emailChanges || input.password !== undefined) {
      if (input.current_password === undefined)
        fields.current_password = ['Required to change your email or password.'];
      else if (!(await this.confirmPassword(user, input.current_password, actor.ip)))
        fields.current_password = ['Is incorrect.'];
    }
    throwIfAny(fields);
    // Hashed before the transaction, which would otherwise hold the connection during the work.
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const siteId = actor.site.id;
    const { tokens } = identityOf(this.runtime);
    let tokensRevoked = 0;
    const view = await this.runtime.data.transaction(async (tx) => {
      const users = new UsersRepo(tx.global);
      const at = new Date().toISOString();
      const changes: Partial<Omit<UserRow, 'id' | 'created_at'>> = {};
      if (input.display_name !== undefined) changes.display_name = input.display_name.trim();
      if (input.locale !== undefined) changes.locale = input.locale;
      if (input.email !== undefined && input.email.trim() !== user.email) {
        await assertEmailFree(tx, input.email, user.id);
        changes.email = input.email.trim();
        changes.email_normalized = normalizeEmail(input.email);
      }
      if (passwordHash !== null) {
        changes.password_hash = passwordHash;
        changes.password_changed_at = at;
        await identityOf(this.runtime).sessions.withDb(tx.global).endAllOf(user.id, keep.sessionId);
        tokensRevoked = await tokens.withDb(tx.global).revokeAllOf(user.id, keep.tokenId);
        await recordActivity(tx, siteId, {
          userId: user.id,
          action: 'password.changed',
          subjectType: 'user',
          subjectId: user.id,
          ip: actor.ip,
          details: { tokens_revoked: tokensRevoked },
        });
      }
      if (Object.keys(changes).length === 0) return viewUser(tx, siteId, user);
      await users.update(user.id, { ...changes, updated_at: at });
      const after = await users.findById(user.id);
      if (!after) throw new Error('The user vanished inside its own transaction');
      // The password has its own entry above; the profile diff covers the other fields.
      const diff = Object.fromEntries(
        Object.entries(fieldDiff(auditable(user, null), auditable(after, null))).filter(
          ([field]) => field !== 'password_hash',
        ),
      );
      if (Object.keys(diff).length > 0) {
        await recordActivity(tx, siteId, {
          userId: user.id,
          action: 'user.updated',
          subjectType: 'user',
          subjectId: user.id,
          ip: actor.ip,
          details: diff,
        });
      }
      return viewUser(tx, siteId, after);
    });
    this.runtime.caches.forget('access', { userId: user.id });
    if (tokensRevoked > 0) this.runtime.caches.forget('api_tokens', { userId: user.id });
    return { user: view, tokensRevoked };
  }

  /** Own tokens working on this site, newest first, revoked ones included (with revoked_at) so the list tells what happened. */
  async listTokens(ctx: OperationContext, page: number, limit: number): Promise<Page<ApiToken>> {
    const { actor } = ctx;
    const user = await this.self(actor);
    // A user has a handful of tokens: loaded whole, then paged.
    const all = await identityOf(this.runtime).tokens.listOf(user.id, actor.site.id);
    return { items: all.slice((page - 1) * limit, page * limit), total: all.length };
  }

  /**
   * `through` is the credential the request came with, when it expires: a token made with a token may
   * not outlive it, or a short-lived token handed to a script could mint a permanent one.
   */
  async createToken(
    ctx: OperationContext,
    input: TokenCreateInput,
    through: { expiresAt: string | null } = { expiresAt: null },
  ): Promise<CreatedToken> {
    const ceiling = through.expiresAt;
    const asked = input.expires_at ?? null;
    if (ceiling !== null && asked !== null && Date.parse(asked) > Date.parse(ceiling))
      throwIfAny({ expires_at: [`Must not be later than the expiry of the token making it (${ceiling}).`] });
    const expiresAt = asked ?? ceiling;
    const owner = (await this.self(ctx.actor)).id;
    return this.createTokenFor(ctx, owner, expiresAt === null ? input : { ...input, expires_at: expiresAt });
  }

  /**
   * A token for `ownerId`: the actor's own, or anyone's when the system acts (operator CLI). Its
   * permissions must be a subset of what the owner holds on this site now (and, through a narrowed
   * token, of what that token holds); requests intersect them again with the owner's current ones.
   */
  async createTokenFor(
    ctx: OperationContext,
    ownerId: number,
    input: TokenCreateInput,
  ): Promise<CreatedToken> {
    const { actor } = ctx;
    if (actor.userId !== null && actor.userId !== ownerId)
      throw new Forbidden('You can only create tokens for yourself.', 'not_own_token');
    requirePermission(actor, 'tokens.create');
    const { resolver, tokens } = identityOf(this.runtime);
    const siteId = actor.site.id;
    const standing = await resolver.standing(ownerId, siteId);
    if (!standing) throw new NotFound('User');
    if (standing.status !== 'active')
      throw new Conflict('A suspended user cannot get new tokens.', 'account_suspended');
    // A token works on this site only, unless a Super Admin explicitly asks for one that works on all.
    const installationWide = input.installation_wide === true;
    if (installationWide && !(standing.isSuperAdmin && actor.access.isSuperAdmin)) {
      throw new Forbidden(
        'Only a Super Admin can create an installation-wide token, for themself.',
        'installation_wide_forbidden',
      );
    }
    const full = resolver.access(standing, null).permissions();
    const held = actor.userId === ownerId ? actor.access.permissions() : full;
    const fields: FieldErrors = {};
    if (input.name.trim() === '') fields.name = ['Must not be blank.'];
    if (input.expires_at && Date.parse(input.expires_at) <= Date.now())
      fields.expires_at = ['Must be in the future.'];
    const requested = input.permissions ?? null;
    requested?.forEach((id, index) => {
      if (!this.runtime.permissions.has(id)) fields[`permissions.${index}`] = ['Unknown permission.'];
      else if (!held.includes(id))
        fields[`permissions.${index}`] = ['You do not hold this permission on this site.'];
    });
    throwIfAny(fields);
    // Without a list the token follows its owner's permissions, unless it is made through a narrowed
    // token: then it gets that token's list, so a narrow token cannot mint a broader one.
    const permissions = requested ? [...new Set(requested)].sort() : held.length < full.length ? held : null;
    return this.runtime.data.transaction(async (tx) => {
      const created = await tokens.withDb(tx.global).create({
        userId: ownerId,
        siteId: installationWide ? null : siteId,
        name: input.name.trim(),
        permissions,
        expiresAt: input.expires_at ? new Date(input.expires_at).toISOString() : null,
      });
      await recordActivity(tx, siteId, {
        userId: actor.userId,
        action: 'token.created',
        subjectType: 'api_token',
        subjectId: created.record.id,
        ip: actor.ip,
        details: {
          owner_id: ownerId,
          name: created.record.name,
          prefix: created.record.prefix,
          permissions,
          expires_at: created.record.expires_at,
          installation_wide: installationWide,
        },
      });
      return created;
    });
  }

  /** Revokes one of the actor's own tokens at once; revoking a revoked token changes nothing. */
  async revokeToken(ctx: OperationContext, id: number): Promise<void> {
    const { actor } = ctx;
    assertMayChangeAccount(actor.access);
    const user = await this.self(actor);
    await this.runtime.data.transaction(async (tx) => {
      const tokens = identityOf(this.runtime).tokens.withDb(tx.global);
      const token = await tokens.findOf(user.id, actor.site.id, id);
      if (!token) throw new NotFound('API token');
      if (token.revoked_at) return;
      await tokens.revoke(id);
      await recordActivity(tx, actor.site.id, {
        userId: user.id,
        action: 'token.revoked',
        subjectType: 'api_token',
        subjectId: id,
        ip: actor.ip,
        details: { name: token.name, prefix: token.prefix },
      });
    });
    this.runtime.caches.forget('api_tokens', { tokenId: id });
  }

  /**
   * The current password, checked under the login throttle (same counters, same 429): otherwise a
   * stolen session or token could guess the password here without limit.
   */
  private async confirmPassword(user: UserRow, password: string, ip: string | null): Promise<boolean> {
    const attempt = await this.throttle.begin(user.email, ip ?? 'local');
    const valid = await verifyPassword(user.password_hash, password);
    if (valid) await attempt.passed();
    return valid;
  }

  private async self(actor: Actor): Promise<UserRow> {
    if (actor.userId === null) throw new Forbidden('The system has no profile of its own.', 'no_profile');
    const user = await new UsersRepo(this.runtime.data.global).findById(actor.userId);
    if (!user) throw new NotFound('User');
    return user;
  }
}
