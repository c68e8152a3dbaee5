import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { Id, MAX_ID } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { TaxonomySlug } from '../types/content-type.js';
import type { TaxonomiesService } from './service.js';
import { TaxonomySchema, TermSchema } from './taxonomy.js';

const Labels = {
  singular_label: Type.String({ minLength: 1, maxLength: 80 }),
  plural_label: Type.String({ minLength: 1, maxLength: 80 }),
  hierarchical: Type.Boolean(),
};
const TaxonomyView = Type.Object({
  ...TaxonomySchema.properties,
  content_types: Type.Array(Type.String(), {
    description: "Content types using it (attach a taxonomy through the type's `taxonomies`)",
  }),
});
const TaxonomyParams = Type.Object({ taxonomy: TaxonomySlug }, { additionalProperties: false });
const TermParams = Type.Object({ taxonomy: TaxonomySlug, id: Id() }, { additionalProperties: false });
const TermSlug = Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
const termFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  slug: TermSlug,
  description: Type.String({ maxLength: 5000 }),
  parent_id: Type.Union([Id(), Type.Null()], { description: 'Hierarchical taxonomies only; no cycles' }),
  position: Type.Integer({ minimum: 0, maximum: MAX_ID }),
};

/** /api/taxonomies and their terms. */
export function taxonomyRoutes(app: App, runtime: Runtime, taxonomies: TaxonomiesService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'taxonomies');

  routes.get(
    '/api/taxonomies',
    { permission: 'authenticated', summary: 'Every taxonomy of the site', data: Type.Array(TaxonomyView) },
    (ctx) => taxonomies.list(ctx),
  );
  routes.get(
    '/api/taxonomies/:taxonomy',
    { permission: 'authenticated', summary: 'One taxonomy', params: TaxonomyParams, data: TaxonomyView },
    (ctx, { params }) => taxonomies.get(ctx, params.taxonomy),
  );
  routes.post(
    '/api/taxonomies',
    {
      permission: 'taxonomies.manage',
      summary: 'Create a custom taxonomy',
      body: Type.Object({ slug: TaxonomySlug, ...Labels }, { additionalProperties: false }),
      data: TaxonomyView,
      status: 201,
    },
    (ctx, { body }) => taxonomies.create(ctx, body),
  );
  routes.put(
    '/api/taxonomies/:taxonomy',
    {
      permission: 'taxonomies.manage',
      summary: 'Change labels, or whether terms nest',
      params: TaxonomyParams,
      body: Type.Partial(Type.Object(Labels), { additionalProperties: false }),
      data: TaxonomyView,
    },
    (ctx, { params, body }) => taxonomies.update(ctx, params.taxonomy, body),
  );
  routes.delete(
    '/api/taxonomies/:taxonomy',
    {
      permission: 'taxonomies.manage',
      summary: 'Delete a custom taxonomy with its terms (409 while a content type uses it)',
      params: TaxonomyParams,
    },
    (ctx, { params }) => taxonomies.delete(ctx, params.taxonomy),
  );

  routes.get(
    '/api/taxonomies/:taxonomy/terms',
    {
      permission: 'authenticated',
      summary: 'Terms of a taxonomy in order, each with the count of published entries using it',
      params: TaxonomyParams,
      querystring: Type.Object(
        {
          parent: Type.Optional(
            Type.Integer({ minimum: 0, maximum: MAX_ID, description: '0 for top-level terms' }),
          ),
          q: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
      data: Type.Array(TermSchema),
    },
    (ctx, { params, query }) =>
      taxonomies.terms(ctx, params.taxonomy, {
        ...(query.parent !== undefined ? { parentId: query.parent === 0 ? null : query.parent } : {}),
        ...(query.q !== undefined ? { text: query.q } : {}),
      }),
  );
  routes.get(
    '/api/taxonomies/:taxonomy/terms/:id',
    { permission: 'authenticated', summary: 'One term', params: TermParams, data: TermSchema },
    (ctx, { params }) => taxonomies.term(ctx, params.taxonomy, params.id),
  );
  routes.post(
    '/api/taxonomies/:taxonomy/terms',
    {
      permission: 'taxonomies.manage',
      summary: 'Create a term; the slug comes from the name when left out',
      params: TaxonomyParams,
      body: Type.Object(
        {
          name: termFields.name,
          slug: Type.Optional(termFields.slug),
          description: Type.Optional(termFields.description),
          parent_id: Type.Optional(termFields.parent_id),
          position: Type.Optional(termFields.position),
        },
        { additionalProperties: false },
      ),
      data: TermSchema,
      status: 201,
    },
    (ctx, { params, body }) => taxonomies.createTerm(ctx, params.taxonomy, body),
  );
  routes.put(
    '/api/taxonomies/:taxonomy/terms/:id',
    {
      permission: 'taxonomies.manage',
      summary: 'Change a term: only the properties sent',
      params: TermParams,
      body: Type.Partial(Type.Object(termFields), { additionalProperties: false }),
      data: TermSchema,
    },
    (ctx, { params, body }) => taxonomies.updateTerm(ctx, params.taxonomy, params.id, body),
  );
  routes.delete(
    '/api/taxonomies/:taxonomy/terms/:id',
    {
      permission: 'taxonomies.manage',
      summary:
        'Delete a term: entries lose it, children move up, posts left without a category get the default one',
      params: TermParams,
    },
    (ctx, { params }) => taxonomies.deleteTerm(ctx, params.taxonomy, params.id),
  );
}
