import { type Static, Type } from '@sinclair/typebox';

export const TaxonomySchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    singular_label: Type.String(),
    plural_label: Type.String(),
    hierarchical: Type.Boolean({
      description: 'Terms have parents (like categories); flat otherwise (like tags)',
    }),
    builtin: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Taxonomy' },
);
export type Taxonomy = Static<typeof TaxonomySchema>;

export type TaxonomyInput = Pick<Taxonomy, 'slug' | 'singular_label' | 'plural_label' | 'hierarchical'>;

export const TermSchema = Type.Object(
  {
    id: Type.Integer(),
    taxonomy: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    description: Type.String(),
    parent_id: Type.Union([Type.Null(), Type.Integer()]),
    position: Type.Integer(),
    count: Type.Integer({ description: 'Published entries using the term' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Term' },
);
export type Term = Static<typeof TermSchema>;
