import { requirePermission } from '../../../core/access/actor.js';
import { recordActivity } from '../../../core/activity/record.js';
import { addFieldError, fieldErrors, NotFound, ValidationFailed } from '../../../core/errors.js';
import { emitSiteEvent } from '../../../core/events/site-events.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { themesOf } from '../../public/themes/admin.js';
import type { MenuItemKind } from '../tables.js';
import { type MenuItemRow, type MenuRow, MenusRepo, type NewMenuItem } from './repo.js';

const MANAGE = 'menus.manage';

export interface MenuInput {
  name?: string;
  location?: string | null;
}

export interface MenuItemInput {
  kind?: MenuItemKind;
  entry_id?: number | null;
  term_id?: number | null;
  url?: string | null;
  label?: string;
  target?: '_self' | '_blank';
  rel?: string;
  css_class?: string;
  parent_id?: number | null;
  position?: number;
}

/** An item as the API shows it: its row, and the items under it. */
export type MenuItemView = Omit<MenuItemRow, 'site_id' | 'menu_id'> & {
  /** The linked entry's content type, for clients that ask for the entry by type. */
  entry_type: string | null;
  children: MenuItemView[];
};

export interface MenuView {
  id: number;
  name: string;
  location: string | null;
  items: MenuItemView[];
  created_at: string;
  updated_at: string;
}

/** Where a custom item may go: a path of the site, #anchor, http(s), mailto: or tel:. */
const CUSTOM_URL = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;
const REL = /^[a-z]+( [a-z]+)*$/;
const CSS_CLASS = /^[A-Za-z_-][A-Za-z0-9_-]*( [A-Za-z_-][A-Za-z0-9_-]*)*$/;

/**
 * Navigation menus (spec 1): nested items linking entries (their address follows slug and parent
 * changes), categories and tags, or any address, shown in the locations the active theme defines.
 * Every change drops the site's cached pages, which show the menus in their header and footer.
 */
export class MenusService {
  constructor(private readonly runtime: Runtime) {}

  async list(ctx: OperationContext): Promise<MenuView[]> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    return Promise.all((await repo.all()).map((menu) => viewWithTypes(repo, menu)));
  }

  async get(ctx: OperationContext, id: number): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const menu = await found(repo, id);
    return viewWithTypes(repo, menu);
  }

  async create(ctx: OperationContext, input: MenuInput): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const checked = await this.checkMenu(ctx, input, null);
    return ctx.transaction(async () => {
      const repo = new MenusRepo(ctx.db);
      // A location shows one menu: assigning it here takes it from the menu that had it.
      if (checked.location) await repo.unassign(checked.location);
      const at = new Date().toISOString();
      const id = await repo.insert({
        name: checked.name,
        location: checked.location,
        created_at: at,
        updated_at: at,
      });
      await this.changed(ctx, 'menu.created', id, checked.name);
      return viewOf((await repo.byId(id)) as MenuRow, []);
    });
  }

  async update(ctx: OperationContext, id: number, input: MenuInput): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const current = await found(repo, id);
    const checked = await this.checkMenu(ctx, input, current);
    return ctx.transaction(async () => {
      if (checked.location && checked.location !== current.location) await repo.unassign(checked.location);
      await repo.update(id, { ...checked, updated_at: new Date().toISOString() });
      await this.changed(ctx, 'menu.updated', id, checked.name);
      return viewWithTypes(repo, (await repo.byId(id)) as MenuRow);
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const current = await found(repo, id);
    await ctx.transaction(async () => {
      await repo.delete(id);
      await this.changed(ctx, 'menu.deleted', id, current.name);
    });
  }

  async addItem(ctx: OperationContext, menuId: number, input: MenuItemInput): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const menu = await found(repo, menuId);
    const items = await repo.items(menuId);
    const checked = await checkItem(repo, input, null);
    const parentId = input.parent_id ?? null;
    if (parentId !== null && !items.some((item) => item.id === parentId))
      throw ValidationFailed.field('parent_id', 'The parent must be an item of this menu.');
    const siblings = items.filter((item) => item.parent_id === parentId);
    return ctx.transaction(async () => {
      await repo.insertItem({
        ...checked,
        menu_id: menuId,
        parent_id: parentId,
        position: input.position ?? siblings.length,
      });
      await this.touched(ctx, repo, menu);
      return viewWithTypes(repo, (await repo.byId(menuId)) as MenuRow);
    });
  }

  async updateItem(
    ctx: OperationContext,
    menuId: number,
    id: number,
    input: MenuItemInput,
  ): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const menu = await found(repo, menuId);
    const current = await repo.item(menuId, id);
    if (!current) throw new NotFound(`Menu item ${id}`, 'menu_item_not_found');
    const checked = await checkItem(repo, input, current);
    return ctx.transaction(async () => {
      await repo.updateItem(id, checked);
      await this.touched(ctx, repo, menu);
      return viewWithTypes(repo, (await repo.byId(menuId)) as MenuRow);
    });
  }

  async deleteItem(ctx: OperationContext, menuId: number, id: number): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const menu = await found(repo, menuId);
    if (!(await repo.item(menuId, id))) throw new NotFound(`Menu item ${id}`, 'menu_item_not_found');
    return ctx.transaction(async () => {
      // Its sub-items go with it (the parent key cascades), as when a branch is cut.
      await repo.deleteItem(id);
      await this.touched(ctx, repo, menu);
      return viewWithTypes(repo, (await repo.byId(menuId)) as MenuRow);
    });
  }

  /**
   * Reorders and re-parents the whole menu in one call: every item once, each with its parent (an
   * item of the menu, or null) and its place among its siblings. Loops are refused.
   */
  async arrange(
    ctx: OperationContext,
    menuId: number,
    layout: ReadonlyArray<{ id: number; parent_id: number | null; position: number }>,
  ): Promise<MenuView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new MenusRepo(ctx.db);
    const menu = await found(repo, menuId);
    const items = await repo.items(menuId);
    const errors = fieldErrors();
    const ids = new Set(items.map((item) => item.id));
    const given = new Map(layout.map((entry) => [entry.id, entry]));
    if (given.size !== layout.length) addFieldError(errors, 'items', 'Each item may appear once.');
    if (given.size !== ids.size || [...given.keys()].some((id) => !ids.has(id)))
      addFieldError(errors, 'items', 'List every item of the menu, and only those.');
    layout.forEach((entry, i) => {
      if (entry.parent_id !== null && !ids.has(entry.parent_id))
        addFieldError(errors, `items.${i}.parent_id`, 'The parent must be an item of this menu.');
    });
    if (Object.keys(errors).length === 0)
      for (const [i, entry] of layout.entries()) {
        // Walking up from an item must end at the top, not come back to it.
        const seen = new Set<number>([entry.id]);
        for (let up = entry.parent_id; up !== null; up = given.get(up)?.parent_id ?? null) {
          if (seen.has(up)) {
            addFieldError(
              errors,
              `items.${i}.parent_id`,
              'An item cannot be placed under itself or its own sub-items.',
            );
            break;
          }
          seen.add(up);
        }
      }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return ctx.transaction(async () => {
      for (const entry of layout)
        await repo.updateItem(entry.id, { parent_id: entry.parent_id, position: entry.position });
      await this.touched(ctx, repo, menu);
      return viewWithTypes(repo, (await repo.byId(menuId)) as MenuRow);
    });
  }

  private async checkMenu(ctx: OperationContext, input: MenuInput, current: MenuRow | null) {
    const errors = fieldErrors();
    const name = (input.name ?? current?.name ?? '').trim();
    if (name === '') addFieldError(errors, 'name', 'A menu needs a name.');
    const location = input.location === undefined ? (current?.location ?? null) : input.location;
    if (location !== null) {
      const theme = await themesOf(this.runtime).forSite(ctx.site);
      const locations = Object.keys(theme.manifest.menuLocations);
      if (!locations.includes(location))
        addFieldError(
          errors,
          'location',
          locations.length > 0
            ? `The theme ${theme.manifest.name} has the locations ${locations.join(', ')}.`
            : `The theme ${theme.manifest.name} has no menu locations.`,
        );
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return { name, location };
  }

  private async touched(ctx: OperationContext, repo: MenusRepo, menu: MenuRow) {
    await repo.update(menu.id, { updated_at: new Date().toISOString() });
    await this.changed(ctx, 'menu.updated', menu.id, menu.name);
  }

  private async changed(ctx: OperationContext, action: string, id: number, name: string) {
    await recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'menu',
      subjectId: id,
      ip: ctx.actor.ip,
      details: { name },
    });
    await emitSiteEvent(ctx, action, { id, name });
  }
}

async function found(repo: MenusRepo, id: number): Promise<MenuRow> {
  const menu = await repo.byId(id);
  if (!menu) throw new NotFound(`Menu ${id}`, 'menu_not_found');
  return menu;
}

/** An item's link and look, checked: what it links to must exist on this site. */
async function checkItem(
  repo: MenusRepo,
  input: MenuItemInput,
  current: MenuItemRow | null,
): Promise<Omit<NewMenuItem, 'menu_id' | 'parent_id' | 'position'>> {
  const errors = fieldErrors();
  const kind = input.kind ?? current?.kind ?? 'custom';
  const keep = <K extends keyof MenuItemInput & keyof MenuItemRow>(key: K) =>
    input[key] === undefined ? (current?.[key] ?? null) : input[key];
  const entryId = kind === 'entry' ? (keep('entry_id') as number | null) : null;
  const termId = kind === 'term' ? (keep('term_id') as number | null) : null;
  const url = kind === 'custom' ? ((keep('url') as string | null)?.trim() ?? null) : null;
  if (kind === 'entry' && (entryId === null || !(await repo.entryExists(entryId))))
    addFieldError(errors, 'entry_id', 'An entry of this site, outside the trash.');
  if (kind === 'term' && (termId === null || !(await repo.termExists(termId))))
    addFieldError(errors, 'term_id', 'A category or tag of this site.');
  if (kind === 'custom' && (!url || !CUSTOM_URL.test(url) || /\s/.test(url)))
    addFieldError(errors, 'url', 'A path of this site, #anchor, http(s)://, mailto: or tel: address.');
  const label = (input.label ?? current?.label ?? '').trim();
  if (kind === 'custom' && label === '')
    addFieldError(errors, 'label', 'A link to an address needs a label.');
  const rel = (input.rel ?? current?.rel ?? '').trim();
  if (rel !== '' && !REL.test(rel)) addFieldError(errors, 'rel', 'Words such as nofollow or noopener.');
  const cssClass = (input.css_class ?? current?.css_class ?? '').trim();
  if (cssClass !== '' && !CSS_CLASS.test(cssClass))
    addFieldError(errors, 'css_class', 'Class names separated by spaces.');
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return {
    kind,
    entry_id: entryId,
    term_id: termId,
    url,
    label,
    target: input.target ?? current?.target ?? '_self',
    rel,
    css_class: cssClass,
  };
}

/** The items as a tree, each level in its order. */
export function treeOf(
  items: readonly MenuItemRow[],
  entryTypes: ReadonlyMap<number, string> = new Map(),
): MenuItemView[] {
  const byParent = new Map<number | null, MenuItemRow[]>();
  for (const item of items) byParent.set(item.parent_id, [...(byParent.get(item.parent_id) ?? []), item]);
  const level = (parent: number | null, depth: number): MenuItemView[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(({ site_id: _site, menu_id: _menu, ...item }) => ({
        ...item,
        entry_type: item.entry_id === null ? null : (entryTypes.get(item.entry_id) ?? null),
        // A loop cannot be stored (arrange refuses one); the bound keeps a corrupt row harmless.
        children: depth < 50 ? level(item.id, depth + 1) : [],
      }));
  return level(null, 0);
}

/** A menu with its items, each entry item naming its entry's type (so a client asks the right route). */
async function viewWithTypes(repo: MenusRepo, menu: MenuRow): Promise<MenuView> {
  const items = await repo.items(menu.id);
  const types = await repo.entryTypes(
    items.flatMap((item) => (item.entry_id === null ? [] : [item.entry_id])),
  );
  return viewOf(menu, items, types);
}

function viewOf(
  menu: MenuRow,
  items: readonly MenuItemRow[],
  entryTypes: ReadonlyMap<number, string> = new Map(),
): MenuView {
  return {
    id: menu.id,
    name: menu.name,
    location: menu.location,
    items: treeOf(items, entryTypes),
    created_at: menu.created_at,
    updated_at: menu.updated_at,
  };
}
