import { fieldDiff, recordActivity } from '../../../core/activity/record.js';
import type { Data } from '../../../core/db/data.js';
import { Conflict, type FieldErrors, Forbidden, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { type Actor, permissionsBeyond, requirePermission } from '../actor.js';
import { identityOf } from '../identity.js';
import type { RoleCreateInput, RoleUpdateInput, RoleView } from '../schemas.js';
import { MembersRepo } from '../users/repo-members.js';
import { computedPermissions, SUPER_ADMIN } from './default-roles.js';
import { type RoleRow, RolesRepo } from './repo.js';
import { permissionsOfRole } from './role-permissions.js';

/**
 * Roles of one site and their permissions. Default roles cannot be deleted and Super Admin cannot
 * be edited at all. Nobody grants, edits or deletes a role that holds permissions they do not hold.
 * Every change clears the cached standings after commit, so it applies from the next request.
 */
export class RolesService {
  constructor(private readonly runtime: Runtime) {
    identityOf(runtime);
  }

  /** Roles are few per site (five defaults plus custom ones): loaded whole, then paged. */
  async list(ctx: OperationContext, page: number, limit: number): Promise<Page<RoleView>> {
    const { actor } = ctx;
    requirePermission(actor, 'roles.view');
    const views = await this.views(this.runtime.data, actor.site.id);
    return { items: views.slice((page - 1) * limit, page * limit), total: views.length };
  }

  async get(ctx: OperationContext, id: number): Promise<RoleView> {
    const { actor } = ctx;
    requirePermission(actor, 'roles.view');
    return this.viewOf(
      this.runtime.data,
      actor.site.id,
      await this.find(this.runtime.data, actor.site.id, id),
    );
  }

  async create(ctx: OperationContext, input: RoleCreateInput): Promise<RoleView> {
    const { actor } = ctx;
    requirePermission(actor, 'roles.create');
    const name = input.name.trim();
    const slug = input.slug ?? slugOf(name);
    const permissions = this.checkPermissions(input.permissions ?? [], {
      ...(name === '' ? { name: ['Must not be blank.'] } : {}),
      ...(slug === '' ? { slug: ['Cannot be derived from the name: give one of a-z, 0-9 and _.'] } : {}),
    });
    this.assertHeld(actor, permissions);
    const siteId = actor.site.id;
    return this.runtime.data.transaction(async (tx) => {
      const roles = new RolesRepo(tx.site(siteId));
      if (await roles.findBySlug(slug)) {
        throw new Conflict(`A role with the slug "${slug}" already exists.`, 'slug_taken', {
          slug: ['Is already taken.'],
        });
      }
      const id = await roles.insert({
        slug,
        name,
        description: input.description ?? '',
        isDefault: false,
        requiresTwoFactor: input.requires_two_factor ?? false,
        at: new Date().toISOString(),
      });
      await roles.setPermissions(id, permissions);
      await recordActivity(tx, siteId, {
        userId: actor.userId,
        action: 'role.created',
        subjectType: 'role',
        subjectId: id,
        ip: actor.ip,
        details: { slug, name, permissions },
      });
      return this.viewOf(tx, siteId, await this.find(tx, siteId, id));
    });
  }

  async update(ctx: OperationContext, id: number, input: RoleUpdateInput): Promise<RoleView> {
    const { actor } = ctx;
    requirePermission(actor, 'roles.edit');
    const name = input.name?.trim();
    const requested =
      input.permissions === undefined
        ? undefined
        : this.checkPermissions(input.permissions, name === '' ? { name: ['Must not be blank.'] } : {});
    const siteId = actor.site.id;
    const view = await this.runtime.data.transaction(async (tx) => {
      const roles = new RolesRepo(tx.site(siteId));
      // Locked first: two edits of one role would otherwise each delete and insert permission rows
      // under the other (a merged set, or a deadlock), where the last one must win whole.
      const role = await roles.lockById(id, tx.engine);
      if (!role) throw new NotFound('Role');
      // Super Admin holds every permission by definition; editing it could only break that.
      if (role.slug === SUPER_ADMIN)
        throw new Conflict('The Super Admin role cannot be edited.', 'role_locked');
      const all = this.runtime.permissions.all();
      const before = await permissionsOfRole(roles, role, all);
      const after = requested ?? before;
      if (computedPermissions(role, all) && after.join() !== before.join()) {
        throw new Conflict(
          `The permissions of the ${role.name} role follow the catalogue and cannot be edited; create a custom role instead.`,
          'role_permissions_computed',
          { permissions: ['Cannot be changed on this role.'] },
        );
      }
      this.assertHeld(actor, [...before, ...after]);
      const changes = {
        name: name ?? role.name,
        description: input.description ?? role.description,
        requires_two_factor:
          input.requires_two_factor === undefined
            ? role.requires_two_factor
            : Number(input.requires_two_factor),
      };
      const diff: Record<string, unknown> = fieldDiff(
        {
          name: role.name,
          description: role.description,
          requires_two_factor: role.requires_two_factor === 1,
        },
        { ...changes, requires_two_factor: changes.requires_two_factor === 1 },
      );
      const added = after.filter((p) => !before.includes(p));
      const removed = before.filter((p) => !after.includes(p));
      if (added.length > 0 || removed.length > 0) {
        await roles.setPermissions(id, after);
        diff.permissions = { added, removed };
      }
      if (Object.keys(diff).length > 0) {
        await roles.update(id, { ...changes, updated_at: new Date().toISOString() });
        await recordActivity(tx, siteId, {
          userId: actor.userId,
          action: 'role.updated',
          subjectType: 'role',
          subjectId: id,
          ip: actor.ip,
          details: diff,
        });
      }
      return this.viewOf(tx, siteId, await this.find(tx, siteId, id));
    });
    // After commit, so no request re-caches the old permissions in between.
    void this.runtime.caches.clear('access');
    return view;
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    const { actor } = ctx;
    requirePermission(actor, 'roles.delete');
    const siteId = actor.site.id;
    await this.runtime.data.transaction(async (tx) => {
      const roles = new RolesRepo(tx.site(siteId));
      const role = await roles.lockById(id, tx.engine);
      if (!role) throw new NotFound('Role');
      if (role.is_default === 1) throw new Conflict('Default roles cannot be deleted.', 'default_role');
      this.assertHeld(actor, await permissionsOfRole(roles, role, this.runtime.permissions.all()));
      const members = await roles.countMembers(id);
      if (members > 0) {
        throw new Conflict(`${members} user(s) have this role: give them another role first.`, 'role_in_use');
      }
      await roles.delete(id);
      await recordActivity(tx, siteId, {
        userId: actor.userId,
        action: 'role.deleted',
        subjectType: 'role',
        subjectId: id,
        ip: actor.ip,
        details: { slug: role.slug, name: role.name },
      });
    });
    void this.runtime.caches.clear('access');
  }

  /** The requested permissions, deduplicated and sorted; 422 naming every unknown one (plus `fields`). */
  private checkPermissions(requested: readonly string[], fields: FieldErrors): string[] {
    const permissions = [...new Set(requested)].sort();
    const unknown = permissions.filter((id) => !this.runtime.permissions.has(id));
    if (unknown.length > 0) fields.permissions = unknown.map((id) => `Unknown permission "${id}".`);
    if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
    return permissions;
  }

  private assertHeld(actor: Actor, permissions: readonly string[]): void {
    const beyond = permissionsBeyond(actor, permissions);
    if (beyond.length > 0) {
      throw new Forbidden(
        `You can only work with roles within your own permissions; you do not hold: ${beyond.join(', ')}.`,
        'permission_not_held',
      );
    }
  }

  private async find(tx: Data, siteId: number, id: number): Promise<RoleRow> {
    const role = await new RolesRepo(tx.site(siteId)).findById(id);
    if (!role) throw new NotFound('Role');
    return role;
  }

  private async views(tx: Data, siteId: number, only?: RoleRow): Promise<RoleView[]> {
    const roles = new RolesRepo(tx.site(siteId));
    const rows = only ? [only] : await roles.list();
    const permissions = await roles.permissionsByRole();
    const members = await new MembersRepo(tx.site(siteId)).countByRole();
    const all = [...this.runtime.permissions.all()].sort();
    return rows.map((role) => ({
      id: role.id,
      slug: role.slug,
      name: role.name,
      description: role.description,
      is_default: role.is_default === 1,
      is_locked: role.slug === SUPER_ADMIN,
      requires_two_factor: role.requires_two_factor === 1,
      // Super Admin and Admin store no rows: what they hold is computed from the catalogue.
      permissions: computedPermissions(role, all)?.sort() ?? permissions.get(role.id) ?? [],
      member_count: members.get(role.id) ?? 0,
      created_at: role.created_at,
      updated_at: role.updated_at,
    }));
  }

  private async viewOf(tx: Data, siteId: number, role: RoleRow): Promise<RoleView> {
    const [view] = await this.views(tx, siteId, role);
    if (!view) throw new Error('views returned nothing for one role');
    return view;
  }
}

/** "Site Manager (EU)" → "site_manager_eu": lowercase a-z, 0-9 and _, at most 64 characters. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
}
