import { requirePermission } from '../../../core/access/actor.js';
import { Conflict, NotFound } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { recordNewsletterActivity } from './activity.js';
import { type ListChanges, ListsRepo, type ListView } from './repo-lists.js';

export const MANAGE = 'newsletter.manage';

/** A site's newsletter lists: what subscribers join, and campaigns are sent to. */
export class ListsService {
  constructor(private readonly runtime: Runtime) {}

  async list(ctx: OperationContext): Promise<ListView[]> {
    requirePermission(ctx.actor, MANAGE);
    return new ListsRepo(ctx.db).all();
  }

  async create(
    ctx: OperationContext,
    input: { name: string; description?: string; public?: boolean },
  ): Promise<ListView> {
    requirePermission(ctx.actor, MANAGE);
    const name = input.name.trim();
    return ctx.transaction(async () => {
      const repo = new ListsRepo(ctx.db);
      await this.nameFree(repo, name, null);
      const id = await repo.insert({
        name,
        description: input.description?.trim() ?? '',
        public: input.public ?? true,
        at: new Date().toISOString(),
      });
      await this.log(ctx, 'newsletter.list_created', id, { name });
      return (await repo.byId(id)) as ListView;
    });
  }

  async update(ctx: OperationContext, id: number, input: ListChanges): Promise<ListView> {
    requirePermission(ctx.actor, MANAGE);
    return ctx.transaction(async () => {
      const repo = new ListsRepo(ctx.db);
      const current = await found(repo, id);
      const changes: ListChanges = {
        ...input,
        ...(input.name === undefined ? {} : { name: input.name.trim() }),
        ...(input.description === undefined ? {} : { description: input.description.trim() }),
      };
      if (changes.name !== undefined) await this.nameFree(repo, changes.name, id);
      await repo.update(id, changes, new Date().toISOString());
      await this.log(ctx, 'newsletter.list_updated', id, { name: changes.name ?? current.name });
      return (await repo.byId(id)) as ListView;
    });
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    await ctx.transaction(async () => {
      const repo = new ListsRepo(ctx.db);
      const current = await found(repo, id);
      await repo.delete(id);
      await this.log(ctx, 'newsletter.list_deleted', id, { name: current.name });
    });
  }

  private async nameFree(repo: ListsRepo, name: string, self: number | null): Promise<void> {
    const holder = await repo.byName(name);
    if (holder && holder.id !== self)
      throw new Conflict(`A list named ${name} already exists.`, 'list_name_taken', {
        name: [`A list named ${name} already exists.`],
      });
  }

  private log(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordNewsletterActivity(this.runtime, ctx, { action, subject: 'newsletter_list', id }, details);
  }
}

async function found(repo: ListsRepo, id: number): Promise<ListView> {
  const list = await repo.byId(id);
  if (!list) throw new NotFound(`List ${id}`, 'list_not_found');
  return list;
}
