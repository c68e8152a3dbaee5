import { type Block, blockMedia } from '@tessera/blocks';
import { requirePermission } from '../../../core/access/actor.js';
import { recordActivity } from '../../../core/activity/record.js';
import { addFieldError, fieldErrors, NotFound, ValidationFailed } from '../../../core/errors.js';
import { declareMediaReferences, type MediaReference } from '../../../core/events/media-references.js';
import { emitSiteEvent } from '../../../core/events/site-events.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { checkBlockTree } from '../../content/builder/block-tree.js';
import { misplacedPatterns } from '../../patterns/placed.js';
import { themesOf } from '../../public/themes/admin.js';
import { type WidgetRow, WidgetsRepo } from './repo.js';
import type { WidgetVisibility } from './visibility.js';

const MANAGE = 'widgets.manage';

export interface WidgetInput {
  zone?: string;
  block?: unknown;
  visibility?: Partial<WidgetVisibility>;
  position?: number;
}

/**
 * Widgets (spec 1): a block in one of the active theme's widget zones, in order, shown on the pages
 * its visibility rules name. Every change drops the site's cached pages.
 */
export class WidgetsService {
  constructor(private readonly runtime: Runtime) {}

  async list(ctx: OperationContext, zone: string | undefined): Promise<WidgetRow[]> {
    requirePermission(ctx.actor, MANAGE);
    return new WidgetsRepo(ctx.db).list(zone);
  }

  async create(ctx: OperationContext, input: WidgetInput): Promise<WidgetRow> {
    requirePermission(ctx.actor, MANAGE);
    const checked = await this.check(ctx, input, null);
    return ctx.transaction(async () => {
      const repo = new WidgetsRepo(ctx.db);
      const at = new Date().toISOString();
      const position = input.position ?? (await repo.list(checked.zone)).length;
      const id = await repo.insert({ ...checked, position, created_at: at, updated_at: at });
      await declareMediaReferences(ctx, {
        ownerType: 'widget',
        ownerId: id,
        references: mediaOf(checked.block),
      });
      await this.changed(ctx, 'widget.created', id, checked.zone);
      return (await repo.byId(id)) as WidgetRow;
    });
  }

  async update(ctx: OperationContext, id: number, input: WidgetInput): Promise<WidgetRow> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new WidgetsRepo(ctx.db);
    const current = await found(repo, id);
    const checked = await this.check(ctx, input, current);
    return ctx.transaction(async () => {
      await repo.update(id, {
        ...checked,
        ...(input.position === undefined ? {} : { position: input.position }),
        updated_at: new Date().toISOString(),
      });
      await declareMediaReferences(ctx, {
        ownerType: 'widget',
        ownerId: id,
        references: mediaOf(checked.block),
        previous: mediaOf(current.block).map((use) => use.mediaId),
      });
      await this.changed(ctx, 'widget.updated', id, checked.zone);
      return (await repo.byId(id)) as WidgetRow;
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new WidgetsRepo(ctx.db);
    const current = await found(repo, id);
    await ctx.transaction(async () => {
      await repo.delete(id);
      await declareMediaReferences(ctx, { ownerType: 'widget', ownerId: id, references: [] });
      await this.changed(ctx, 'widget.deleted', id, current.zone);
    });
  }

  /** The site's widgets for the public site (no actor: what they show is public). */
  async forSite(site: Site): Promise<WidgetRow[]> {
    return new WidgetsRepo(this.runtime.data.site(site.id)).list();
  }

  /** Orders a zone's widgets: every one of them once, first shown first. */
  async order(ctx: OperationContext, zone: string, ids: readonly number[]): Promise<WidgetRow[]> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new WidgetsRepo(ctx.db);
    const widgets = await repo.list(zone);
    const known = new Set(widgets.map((widget) => widget.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw ValidationFailed.field('ids', `List every widget of the zone ${zone} once, and only those.`);
    return ctx.transaction(async () => {
      for (const [position, id] of ids.entries()) await repo.update(id, { position });
      await this.changed(ctx, 'widget.updated', ids[0] ?? 0, zone);
      return repo.list(zone);
    });
  }

  private async check(ctx: OperationContext, input: WidgetInput, current: WidgetRow | null) {
    const errors = fieldErrors();
    const zone = input.zone ?? current?.zone ?? '';
    const theme = await themesOf(this.runtime).forSite(ctx.site);
    const zones = Object.keys(theme.manifest.widgetZones);
    if (!zones.includes(zone))
      addFieldError(
        errors,
        'zone',
        zones.length > 0
          ? `The theme ${theme.manifest.name} has the widget zones ${zones.join(', ')}.`
          : `The theme ${theme.manifest.name} has no widget zones.`,
      );
    let block = current?.block;
    if (input.block !== undefined) {
      const tree = checkBlockTree([input.block], pluginsOf(this.runtime).blockRegistry(ctx.site.id));
      if (!tree.ok)
        for (const [path, messages] of Object.entries(tree.errors))
          for (const message of messages) addFieldError(errors, asWidgetPath(path), message);
      else {
        block = tree.tree[0];
        const misplaced = await misplacedPatterns(ctx.db, tree.tree, current ? [[current.block]] : []);
        for (const [path, messages] of Object.entries(misplaced))
          for (const message of messages) addFieldError(errors, asWidgetPath(path), message);
      }
    }
    if (!block && input.block === undefined) addFieldError(errors, 'block', 'A widget is a block.');
    const visibility: WidgetVisibility = {
      show_on: input.visibility?.show_on ?? current?.visibility.show_on ?? 'everywhere',
      types: input.visibility?.types ?? current?.visibility.types ?? [],
      locales: input.visibility?.locales ?? current?.visibility.locales ?? [],
    };
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return { zone, block: block as Block, visibility };
  }

  private async changed(ctx: OperationContext, action: string, id: number, zone: string) {
    await recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'widget',
      subjectId: id,
      ip: ctx.actor.ip,
      details: { zone },
    });
    await emitSiteEvent(ctx, action, { id, zone });
  }
}

/** A widget holds one block: what a tree's check names `blocks[0]` is its `block`. */
function asWidgetPath(path: string): string {
  return path.replace(/^blocks\[0\]/, 'block');
}

/**
 * The media a widget's block uses, declared on each save as an entry's are: the media library
 * refuses (422) an item that is not the site's, and counts the widget among the item's uses.
 */
function mediaOf(block: Block): MediaReference[] {
  return blockMedia([block]).map((use) => ({ ...use, path: asWidgetPath(use.path) }));
}

async function found(repo: WidgetsRepo, id: number): Promise<WidgetRow> {
  const widget = await repo.byId(id);
  if (!widget) throw new NotFound(`Widget ${id}`, 'widget_not_found');
  return widget;
}
