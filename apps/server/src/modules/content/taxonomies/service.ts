import { requirePermission } from '../../../core/access/actor.js';
import { Conflict, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { firstFreeSlug, slugify } from '../entries/slugs.js';
import { recordContent } from '../record.js';
import { DEFAULT_CATEGORY } from '../types/builtin.js';
import type { ContentTypesService } from '../types/service.js';
import { TaxonomiesRepo, type TermRow } from './repo.js';
import type { Taxonomy, TaxonomyInput, Term } from './taxonomy.js';

const MANAGE = 'taxonomies.manage';

export interface TermWrite {
  name?: string;
  slug?: string;
  description?: string;
  parent_id?: number | null;
  position?: number;
}

/** Taxonomies (category, tag and custom ones) and their terms, per site. */
export class TaxonomiesService {
  constructor(
    private readonly runtime: Runtime,
    private readonly types: ContentTypesService,
  ) {}

  async list(ctx: OperationContext): Promise<(Taxonomy & { content_types: string[] })[]> {
    const types = [...(await this.types.ofSite(ctx.site)).values()];
    const taxonomies = await new TaxonomiesRepo(ctx.db).all();
    return taxonomies.map((taxonomy) => ({
      ...taxonomy,
      content_types: types.filter((type) => type.taxonomies.includes(taxonomy.slug)).map((type) => type.slug),
    }));
  }

  async get(ctx: OperationContext, slug: string): Promise<Taxonomy & { content_types: string[] }> {
    const found = (await this.list(ctx)).find((taxonomy) => taxonomy.slug === slug);
    if (!found) throw new NotFound(`Taxonomy ${slug}`, 'taxonomy_not_found');
    return found;
  }

  async create(ctx: OperationContext, input: TaxonomyInput) {
    requirePermission(ctx.actor, MANAGE);
    await this.types.ofSite(ctx.site);
    return ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      if (await repo.bySlug(input.slug))
        throw new Conflict(`A taxonomy named ${input.slug} exists.`, 'taxonomy_exists', {
          slug: ['This slug is taken.'],
        });
      const id = await repo.insert(input, new Date().toISOString());
      await recordContent(
        this.runtime,
        ctx,
        'taxonomy.created',
        { type: 'taxonomy', id },
        { slug: input.slug },
      );
      return this.get(ctx, input.slug);
    });
  }

  async update(ctx: OperationContext, slug: string, input: Partial<Omit<TaxonomyInput, 'slug'>>) {
    requirePermission(ctx.actor, MANAGE);
    return ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      const taxonomy = await this.taxonomy(repo, slug);
      const next = { ...taxonomy, ...input };
      if (taxonomy.builtin && next.hierarchical !== taxonomy.hierarchical)
        throw ValidationFailed.field('hierarchical', `The built-in ${slug} taxonomy keeps its structure.`);
      if (
        !next.hierarchical &&
        taxonomy.hierarchical &&
        (await repo.terms(taxonomy.id, {})).some((t) => t.parent_id !== null)
      )
        throw new Conflict(
          `Some ${slug} terms have parents: move them to the top first.`,
          'terms_have_parents',
        );
      await repo.update(taxonomy.id, next, new Date().toISOString());
      await recordContent(
        this.runtime,
        ctx,
        'taxonomy.updated',
        { type: 'taxonomy', id: taxonomy.id },
        { slug },
      );
      return this.get(ctx, slug);
    });
  }

  async delete(ctx: OperationContext, slug: string): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const users = (await this.get(ctx, slug)).content_types;
    await ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      const taxonomy = await this.taxonomy(repo, slug);
      if (taxonomy.builtin)
        throw new Conflict(`The built-in ${slug} taxonomy cannot be deleted.`, 'builtin_taxonomy');
      if (users.length > 0)
        throw new Conflict(
          `${users.join(', ')} use the ${slug} taxonomy: detach it from them first.`,
          'taxonomy_in_use',
        );
      await repo.delete(taxonomy.id);
      await recordContent(
        this.runtime,
        ctx,
        'taxonomy.deleted',
        { type: 'taxonomy', id: taxonomy.id },
        { slug },
      );
    });
  }

  async terms(
    ctx: OperationContext,
    slug: string,
    filter: { parentId?: number | null; text?: string },
  ): Promise<Term[]> {
    const repo = new TaxonomiesRepo(ctx.db);
    await this.types.ofSite(ctx.site);
    const taxonomy = await this.taxonomy(repo, slug);
    return (await repo.terms(taxonomy.id, filter)).map((term) => termView(slug, term));
  }

  async term(ctx: OperationContext, slug: string, id: number): Promise<Term> {
    const repo = new TaxonomiesRepo(ctx.db);
    const taxonomy = await this.taxonomy(repo, slug);
    return termView(slug, await this.termOf(repo, taxonomy, id));
  }

  async createTerm(ctx: OperationContext, slug: string, input: TermWrite & { name: string }): Promise<Term> {
    requirePermission(ctx.actor, MANAGE);
    await this.types.ofSite(ctx.site);
    return ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      const taxonomy = await this.taxonomy(repo, slug);
      const parentId = await this.checkParent(repo, taxonomy, input.parent_id ?? null, null);
      const termSlug = await this.slugFor(repo, taxonomy, input, null);
      const id = await repo.insertTerm(
        taxonomy.id,
        {
          name: input.name.trim(),
          slug: termSlug,
          description: input.description ?? '',
          parent_id: parentId,
          position: input.position ?? 0,
        },
        new Date().toISOString(),
      );
      await recordContent(
        this.runtime,
        ctx,
        'term.created',
        { type: 'term', id },
        { taxonomy: slug, name: input.name },
      );
      return termView(slug, await this.termOf(repo, taxonomy, id));
    });
  }

  async updateTerm(ctx: OperationContext, slug: string, id: number, input: TermWrite): Promise<Term> {
    requirePermission(ctx.actor, MANAGE);
    return ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      const taxonomy = await this.taxonomy(repo, slug);
      const term = await this.termOf(repo, taxonomy, id);
      const changes: Partial<TermRow> = {};
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.description !== undefined) changes.description = input.description;
      if (input.position !== undefined) changes.position = input.position;
      if (input.parent_id !== undefined)
        changes.parent_id = await this.checkParent(repo, taxonomy, input.parent_id, id);
      if (input.slug !== undefined && input.slug !== term.slug) {
        // The default category is found by its slug (posts saved with none get it): renamed, it
        // could be deleted, and posts would be left without a category.
        if (slug === 'category' && term.slug === DEFAULT_CATEGORY.slug)
          throw ValidationFailed.field(
            'slug',
            `The default category keeps its slug "${DEFAULT_CATEGORY.slug}"; change its name instead.`,
          );
        changes.slug = await this.slugFor(repo, taxonomy, input, id);
      }
      await repo.updateTerm(id, changes, new Date().toISOString());
      await recordContent(
        this.runtime,
        ctx,
        'term.updated',
        { type: 'term', id },
        { taxonomy: slug, changed: Object.keys(changes) },
      );
      return termView(slug, await this.termOf(repo, taxonomy, id));
    });
  }

  /**
   * Deletes a term: its entries lose it, its children move up to its parent, and a post left with
   * no category gets the site's default one (which itself cannot be deleted).
   */
  async deleteTerm(ctx: OperationContext, slug: string, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    await ctx.transaction(async () => {
      const repo = new TaxonomiesRepo(ctx.db);
      const taxonomy = await this.taxonomy(repo, slug);
      const term = await this.termOf(repo, taxonomy, id);
      if (slug === 'category' && term.slug === DEFAULT_CATEGORY.slug)
        throw new Conflict('The default category cannot be deleted.', 'default_category');
      const entryIds = await repo.deleteTerm(id, term.parent_id);
      if (slug === 'category') {
        const fallback = (await repo.terms(taxonomy.id, {})).find((t) => t.slug === DEFAULT_CATEGORY.slug);
        if (fallback) await repo.attach(await repo.withoutTerms(taxonomy.id, entryIds), fallback.id);
      }
      await recordContent(
        this.runtime,
        ctx,
        'term.deleted',
        { type: 'term', id },
        { taxonomy: slug, name: term.name, entries: entryIds.length },
      );
    });
  }

  private async taxonomy(repo: TaxonomiesRepo, slug: string): Promise<Taxonomy> {
    const taxonomy = await repo.bySlug(slug);
    if (!taxonomy) throw new NotFound(`Taxonomy ${slug}`, 'taxonomy_not_found');
    return taxonomy;
  }

  private async termOf(repo: TaxonomiesRepo, taxonomy: Taxonomy, id: number): Promise<TermRow> {
    const term = await repo.term(taxonomy.id, id);
    if (!term) throw new NotFound('Term', 'term_not_found');
    return term;
  }

  private async checkParent(
    repo: TaxonomiesRepo,
    taxonomy: Taxonomy,
    parentId: number | null,
    selfId: number | null,
  ) {
    if (parentId === null) return null;
    if (!taxonomy.hierarchical)
      throw ValidationFailed.field('parent_id', `${taxonomy.plural_label} are flat: they have no parents.`);
    if (!(await repo.term(taxonomy.id, parentId)))
      throw ValidationFailed.field(
        'parent_id',
        `There is no ${taxonomy.singular_label.toLowerCase()} ${parentId}.`,
      );
    if (selfId !== null && (parentId === selfId || (await repo.termDescendants(selfId)).includes(parentId)))
      throw ValidationFailed.field(
        'parent_id',
        'A term cannot be placed under itself or one of its descendants.',
      );
    return parentId;
  }

  private async slugFor(
    repo: TaxonomiesRepo,
    taxonomy: Taxonomy,
    input: TermWrite,
    selfId: number | null,
  ): Promise<string> {
    if (input.slug !== undefined) {
      if ((await repo.termSlugs(taxonomy.id, input.slug, selfId)).includes(input.slug))
        throw ValidationFailed.field(
          'slug',
          `The slug "${input.slug}" is taken in ${taxonomy.plural_label.toLowerCase()}.`,
        );
      return input.slug;
    }
    const base = slugify(input.name ?? '') || 'term';
    return firstFreeSlug(base, await repo.termSlugs(taxonomy.id, base, selfId));
  }
}

function termView(taxonomy: string, term: TermRow): Term {
  return { ...term, taxonomy };
}
