/**
 * The catalogue of permissions, `<area>.<action>`. Core modules and plugins register theirs here;
 * roles can only hold permissions the catalogue knows.
 *
 * An "ownable" permission (posts.edit) applies to the actor's own items; registering it also
 * registers `<area>.<action>_others` (posts.edit_others) for everyone else's. Checks go through
 * `Access.allowsOn(permission, ownerId)`, so handlers never compare owners themselves.
 */
export interface PermissionDefinition {
  id: string;
  area: string;
  action: string;
  description: string;
  /** Registered by "core" or by the plugin's name. */
  owner: string;
}

export interface PermissionGroup {
  area: string;
  permissions: PermissionDefinition[];
}

const PERMISSION_ID = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

export class PermissionCatalogue {
  private readonly byId = new Map<string, PermissionDefinition>();
  private readonly ownable = new Set<string>();
  /** Grows with each permission registered: an access built before a new content type knows it is older. */
  private registered = 0;

  get version(): number {
    return this.registered;
  }

  register(
    id: string,
    description: string,
    options: { owner?: string; ownable?: { othersDescription: string } } = {},
  ): void {
    this.add(id, description, options.owner ?? 'core');
    if (options.ownable) {
      this.ownable.add(id);
      this.add(`${id}_others`, options.ownable.othersDescription, options.owner ?? 'core');
    }
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** True when the permission is split into own (`id`) and others' (`id_others`). */
  isOwnable(id: string): boolean {
    return this.ownable.has(id);
  }

  all(): string[] {
    return [...this.byId.keys()];
  }

  grouped(): PermissionGroup[] {
    const groups = new Map<string, PermissionDefinition[]>();
    for (const definition of this.byId.values()) {
      const list = groups.get(definition.area) ?? [];
      list.push(definition);
      groups.set(definition.area, list);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([area, permissions]) => ({ area, permissions }));
  }

  private add(id: string, description: string, owner: string): void {
    if (!PERMISSION_ID.test(id)) throw new Error(`Permission id "${id}" is not of the form <area>.<action>`);
    if (this.byId.has(id)) throw new Error(`Permission "${id}" is already registered`);
    this.registered++;
    const [area = '', action = ''] = id.split('.');
    this.byId.set(id, { id, area, action, description, owner });
  }
}
