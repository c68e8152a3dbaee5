import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery } from '../../../core/http/envelope.js';
import { Id } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { EntrySchema, EntryStateSchema } from '../entries/entry.js';
import { entryFamilies } from '../entries/routes.js';
import type { RevisionsService } from './service.js';

export const RevisionSchema = Type.Object(
  {
    id: Type.Integer(),
    entry_id: Type.Integer(),
    version: Type.Integer({ description: 'The entry version this save made' }),
    author_id: Type.Union([Type.Null(), Type.Integer()]),
    note: Type.String({ description: 'Created, Published, Restored from revision ...' }),
    created_at: Type.String({ format: 'date-time' }),
    live: Type.Boolean({ description: 'The revision the public site serves' }),
    state: Type.Optional(EntryStateSchema),
  },
  { $id: 'Revision' },
);

const Change = Type.Object({
  path: Type.String(),
  change: Type.String({ description: 'added, removed or changed' }),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});
const Place = Type.Object({ parent: Type.Union([Type.Null(), Type.String()]), index: Type.Integer() });
export const ComparisonSchema = Type.Object({
  properties: Type.Array(Change),
  fields: Type.Array(Change),
  blocks: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      change: Type.String({ description: 'added, removed, moved or changed' }),
      from: Type.Optional(Place),
      to: Type.Optional(Place),
      props: Type.Optional(
        Type.Array(Type.Object({ key: Type.String(), before: Type.Unknown(), after: Type.Unknown() })),
      ),
    }),
  ),
});

/** Revisions of pages, posts and every custom type. */
export function revisionRoutes(app: App, runtime: Runtime, revisions: RevisionsService): void {
  for (const family of entryFamilies) {
    const routes = siteRoutes(app, (request) => operationOf(runtime, request), family.tag);
    const typeOf = family.typeOf;
    const WithRevision = Type.Object(
      { ...family.Params.properties, revision: Id() },
      { additionalProperties: false },
    );

    routes.list(
      `${family.base}/:id/revisions`,
      {
        permission: 'authenticated',
        summary: 'Revisions of an entry, newest first',
        params: family.Params,
        querystring: Type.Object(PageQuery(), { additionalProperties: false }),
        data: RevisionSchema,
      },
      (ctx, { params, query }) =>
        revisions.list(ctx, typeOf(params), (params as { id: number }).id, query.page, query.limit),
    );

    routes.get(
      `${family.base}/:id/revisions/compare`,
      {
        permission: 'authenticated',
        summary: 'What changed between two revisions: properties, fields by path, blocks by identity',
        params: family.Params,
        querystring: Type.Object({ from: Id(), to: Id() }, { additionalProperties: false }),
        data: ComparisonSchema,
      },
      (ctx, { params, query }) =>
        revisions.compare(ctx, typeOf(params), (params as { id: number }).id, query.from, query.to),
    );

    routes.get(
      `${family.base}/:id/revisions/:revision`,
      {
        permission: 'authenticated',
        summary: 'One revision with the full state it saved',
        params: WithRevision,
        data: RevisionSchema,
      },
      (ctx, { params }) => {
        const { id, revision } = params as { id: number; revision: number };
        return revisions.get(ctx, typeOf(params), id, revision);
      },
    );

    routes.post(
      `${family.base}/:id/revisions/:revision/restore`,
      {
        permission: 'authenticated',
        summary: "Restore a revision: its state becomes the entry's working copy, as a new revision",
        params: WithRevision,
        data: EntrySchema,
      },
      (ctx, { params }) => {
        const { id, revision } = params as { id: number; revision: number };
        return revisions.restore(ctx, typeOf(params), id, revision);
      },
    );
  }
}
