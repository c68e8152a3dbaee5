import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { TaxonomyTable } from '../tables.js';
import type { Taxonomy, TaxonomyInput } from './taxonomy.js';

function taxonomyOf(row: Selectable<TaxonomyTable>): Taxonomy {
  return {
    id: row.id,
    slug: row.slug,
    singular_label: row.singular_label,
    plural_label: row.plural_label,
    hierarchical: row.hierarchical === 1,
    builtin: row.builtin === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Taxonomies and their terms, of one site. */
export class TaxonomiesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async all(): Promise<Taxonomy[]> {
    const rows = await this.db.selectFrom('taxonomies').selectAll().orderBy('id').execute();
    return rows.map(taxonomyOf);
  }

  async insertMissing(inputs: TaxonomyInput[], at: string): Promise<void> {
    await this.db
      .insertInto(
        'taxonomies',
        inputs.map((input) => ({
          slug: input.slug,
          singular_label: input.singular_label,
          plural_label: input.plural_label,
          hierarchical: input.hierarchical ? 1 : 0,
          builtin: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['site_id', 'slug']).doNothing())
      .execute();
  }

  /** Adds a term by slug to a taxonomy unless it is there. */
  async ensureTerm(taxonomy: string, term: { slug: string; name: string }, at: string): Promise<void> {
    const owner = await this.db
      .selectFrom('taxonomies')
      .select('id')
      .where('slug', '=', taxonomy)
      .executeTakeFirst();
    if (!owner) return;
    await this.db
      .insertInto('terms', {
        taxonomy_id: owner.id,
        name: term.name,
        slug: term.slug,
        description: '',
        parent_id: null,
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'taxonomy_id', 'slug']).doNothing())
      .execute();
  }

  async bySlug(slug: string): Promise<Taxonomy | null> {
    const row = await this.db
      .selectFrom('taxonomies')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row ? taxonomyOf(row) : null;
  }

  async insert(input: TaxonomyInput, at: string): Promise<number> {
    const row = await this.db
      .insertInto('taxonomies', {
        slug: input.slug,
        singular_label: input.singular_label,
        plural_label: input.plural_label,
        hierarchical: input.hierarchical ? 1 : 0,
        builtin: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, input: Omit<TaxonomyInput, 'slug'>, at: string): Promise<void> {
    await this.db
      .updateTable('taxonomies')
      .set({
        singular_label: input.singular_label,
        plural_label: input.plural_label,
        hierarchical: input.hierarchical ? 1 : 0,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.updateTable('terms').set({ parent_id: null }).where('taxonomy_id', '=', id).execute();
    await this.db.deleteFrom('taxonomies').where('id', '=', id).execute();
  }

  /** Terms of a taxonomy in tree order (parent, position, name), with their published-entry counts. */
  async terms(taxonomyId: number, filter: { parentId?: number | null; text?: string }): Promise<TermRow[]> {
    let query = this.db
      .selectFrom('terms')
      .leftJoin('entry_terms', 'entry_terms.term_id', 'terms.id')
      .leftJoin('entries', (join) =>
        join
          .onRef('entries.id', '=', 'entry_terms.entry_id')
          .on('entries.status', '=', 'published')
          .on('entries.deleted_at', 'is', null),
      )
      .select([
        'terms.id',
        'terms.name',
        'terms.slug',
        'terms.description',
        'terms.parent_id',
        'terms.position',
        'terms.created_at',
        'terms.updated_at',
        (eb) => eb.fn.count<number | string>('entries.id').as('count'),
      ])
      .where('terms.taxonomy_id', '=', taxonomyId)
      .groupBy([
        'terms.id',
        'terms.name',
        'terms.slug',
        'terms.description',
        'terms.parent_id',
        'terms.position',
        'terms.created_at',
        'terms.updated_at',
      ]);
    if (filter.parentId !== undefined)
      query =
        filter.parentId === null
          ? query.where('terms.parent_id', 'is', null)
          : query.where('terms.parent_id', '=', filter.parentId);
    if (filter.text) {
      const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb(eb.fn('lower', ['terms.name']), 'like', pattern));
    }
    const rows = await query.orderBy('terms.position').orderBy('terms.name').orderBy('terms.id').execute();
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  async term(taxonomyId: number, id: number): Promise<TermRow | null> {
    return (await this.terms(taxonomyId, {})).find((term) => term.id === id) ?? null;
  }

  async termSlugs(taxonomyId: number, base: string, exceptId: number | null): Promise<string[]> {
    let query = this.db
      .selectFrom('terms')
      .select('slug')
      .where('taxonomy_id', '=', taxonomyId)
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.execute()).map((row) => row.slug);
  }

  async insertTerm(taxonomyId: number, term: TermInput, at: string): Promise<number> {
    const row = await this.db
      .insertInto('terms', { taxonomy_id: taxonomyId, ...term, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTerm(id: number, term: Partial<TermInput>, at: string): Promise<void> {
    await this.db
      .updateTable('terms')
      .set({ ...term, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Ids of the term's descendants, for cycle checks. */
  async termDescendants(id: number): Promise<number[]> {
    const rows = await this.db
      .withRecursive('below(id)', (q) =>
        q
          .selectFrom('terms')
          .select('id')
          .where('parent_id', '=', id)
          .unionAll(
            q
              .selectFrom('terms as child')
              .innerJoin('below', 'below.id', 'child.parent_id')
              .select('child.id'),
          ),
      )
      .selectFrom('below')
      .select('id')
      .execute();
    return rows.map((row) => row.id as number);
  }

  /** Deletes a term: its children move up to its parent, its entries lose it. */
  async deleteTerm(id: number, parentId: number | null): Promise<number[]> {
    const entries = await this.db
      .selectFrom('entry_terms')
      .select('entry_id')
      .where('term_id', '=', id)
      .execute();
    await this.db.updateTable('terms').set({ parent_id: parentId }).where('parent_id', '=', id).execute();
    await this.db.deleteFrom('terms').where('id', '=', id).execute();
    return entries.map((row) => row.entry_id);
  }

  /** Of `entryIds`, those with no term left in the taxonomy. */
  async withoutTerms(taxonomyId: number, entryIds: number[]): Promise<number[]> {
    if (entryIds.length === 0) return [];
    const still = await this.db
      .selectFrom('entry_terms')
      .innerJoin('terms', 'terms.id', 'entry_terms.term_id')
      .select('entry_terms.entry_id')
      .where('terms.taxonomy_id', '=', taxonomyId)
      .where('entry_terms.entry_id', 'in', entryIds)
      .execute();
    const kept = new Set(still.map((row) => row.entry_id));
    return entryIds.filter((id) => !kept.has(id));
  }

  async attach(entryIds: number[], termId: number): Promise<void> {
    if (entryIds.length === 0) return;
    await this.db
      .insertInto(
        'entry_terms',
        entryIds.map((entryId) => ({ entry_id: entryId, term_id: termId })),
      )
      .execute();
  }
}

export interface TermInput {
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  position: number;
}

export interface TermRow extends TermInput {
  id: number;
  count: number;
  created_at: string;
  updated_at: string;
}
