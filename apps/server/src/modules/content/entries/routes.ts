import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { type Page, PageQuery } from '../../../core/http/envelope.js';
import { Id, MAX_ID } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { TypeSlug } from '../types/content-type.js';
import { ENTRY_STATUSES, EntryCreateBody, EntrySchema, EntryUpdateBody, type EntryView } from './entry.js';
import type { EntryFilter } from './repo.js';
import type { EntriesService } from './service.js';

const Timestamp = Type.String({ format: 'date-time' });

export const EntryListQuery = Type.Object(
  {
    ...PageQuery(),
    status: Type.Optional(
      Type.Union(
        [...ENTRY_STATUSES, 'trash', 'any'].map((status) => Type.Literal(status)),
        {
          description:
            'One workflow state, `trash` for the trash, `any` (default) for every state outside the trash',
        },
      ),
    ),
    author: Type.Optional(Id({ description: 'Entries of this author' })),
    parent: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_ID,
        description: 'Children of this entry; 0 for top-level entries',
      }),
    ),
    term: Type.Optional(Id({ description: 'Entries with this taxonomy term' })),
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35 })),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text the title contains' })),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    date_field: Type.Optional(
      Type.Union([Type.Literal('created_at'), Type.Literal('updated_at'), Type.Literal('published_at')], {
        description: 'Which date `from` and `to` bound (default created_at)',
      }),
    ),
    filter: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*:[A-Za-z0-9_-]{1,40}$',
        maxLength: 150,
        description:
          "A plugin's list filter and the value asked for (`seo.rating:good`): entries whose value there is that one",
      }),
    ),
    sort: Type.Optional(
      Type.Union(
        ['created_at', 'updated_at', 'published_at', 'title', 'position'].map((field) => Type.Literal(field)),
        { description: 'Default updated_at' },
      ),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Default desc' }),
    ),
  },
  { additionalProperties: false },
);

export const EntryParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const TypedEntryParams = Type.Object({ type: TypeSlug, id: Id() }, { additionalProperties: false });
const TypeParams = Type.Object({ type: TypeSlug }, { additionalProperties: false });
const OneQuery = Type.Object(
  {
    include: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'Relation field keys, comma-separated: embeds the related entries',
      }),
    ),
  },
  { additionalProperties: false },
);
const DeleteQuery = Type.Object(
  {
    permanent: Type.Optional(
      Type.Boolean({ description: 'Delete for good instead of moving to the trash (default false)' }),
    ),
  },
  { additionalProperties: false },
);
const Reference = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  field: Type.String({ description: 'The relation field of the source entry that names this one' }),
  status: Type.String(),
});

/** One family of entry routes: /api/pages, /api/posts or /api/content/{type}. */
export interface EntryFamily {
  base: string;
  tag: string;
  noun: string;
  /** Path parameters of one entry, and of the family itself (the type, for /api/content/{type}). */
  Params: typeof EntryParams | typeof TypedEntryParams;
  ListParams: typeof TypeParams | ReturnType<typeof Type.Object>;
  /** The type slug from the request's params. */
  typeOf(params: unknown): string;
}

export const entryFamilies: EntryFamily[] = [
  {
    base: '/api/pages',
    tag: 'pages',
    noun: 'page',
    Params: EntryParams,
    ListParams: Type.Object({}, { additionalProperties: false }),
    typeOf: () => 'page',
  },
  {
    base: '/api/posts',
    tag: 'posts',
    noun: 'post',
    Params: EntryParams,
    ListParams: Type.Object({}, { additionalProperties: false }),
    typeOf: () => 'post',
  },
  {
    base: '/api/content/:type',
    tag: 'content',
    noun: 'entry of the type',
    Params: TypedEntryParams,
    ListParams: TypeParams,
    typeOf: (params) => (params as { type: string }).type,
  },
];

/**
 * When the first edit lock these entries show lapses by itself (ms since the epoch): a kept answer
 * saying "locked" must not outlive the lock. Related entries (`include`) count too.
 */
function firstLockLapse(views: readonly EntryView[]): number | undefined {
  let first: number | undefined;
  const visit = (view: EntryView) => {
    if (view.lock) first = Math.min(first ?? Number.POSITIVE_INFINITY, Date.parse(view.lock.expires_at));
    for (const related of Object.values(view.included ?? {}))
      for (const one of related) visit(one as EntryView);
  };
  for (const view of views) visit(view);
  return first;
}

/** `seo.rating:good` as the filter's key and the value asked for. */
function askedFilter(text: string): { key: string; value: string } {
  const colon = text.indexOf(':');
  return { key: text.slice(0, colon), value: text.slice(colon + 1) };
}

export function filterOf(query: typeof EntryListQuery.static): EntryFilter {
  return {
    status: (query.status ?? 'any') as EntryFilter['status'],
    ...(query.author !== undefined ? { authorId: query.author } : {}),
    ...(query.parent !== undefined ? { parentId: query.parent === 0 ? null : query.parent } : {}),
    ...(query.term !== undefined ? { termId: query.term } : {}),
    ...(query.locale !== undefined ? { locale: query.locale } : {}),
    ...(query.q !== undefined ? { text: query.q } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(query.date_field !== undefined ? { dateField: query.date_field } : {}),
    ...(query.filter !== undefined ? { asked: askedFilter(query.filter) } : {}),
    sort: (query.sort ?? 'updated_at') as EntryFilter['sort'],
    order: query.order ?? 'desc',
  };
}

/** The entry routes of pages, posts and every custom type, one handler each. */
export function entryRoutes(app: App, runtime: Runtime, entries: EntriesService): void {
  for (const family of entryFamilies) {
    const routes = siteRoutes(app, (request) => operationOf(runtime, request), family.tag);
    const { Params, ListParams, typeOf } = family;

    routes.list(
      family.base,
      {
        permission: 'authenticated',
        summary: `List ${family.noun === 'page' ? 'pages' : family.noun === 'post' ? 'posts' : 'entries of a content type'}, drafts included (\`<type>.view\`)`,
        params: ListParams,
        querystring: EntryListQuery,
        data: EntrySchema,
        cache: { until: (page: Page<EntryView>) => firstLockLapse(page.items) },
      },
      (ctx, { params, query }) => entries.list(ctx, typeOf(params), filterOf(query), query.page, query.limit),
    );

    routes.get(
      `${family.base}/:id`,
      {
        permission: 'authenticated',
        summary: `One ${family.noun}, trashed ones included, with the workflow transitions the caller may take`,
        params: Params,
        querystring: OneQuery,
        data: EntrySchema,
        cache: { until: (view: EntryView) => firstLockLapse([view]) },
      },
      (ctx, { params, query }) =>
        entries.get(
          ctx,
          typeOf(params),
          params.id,
          (query.include ?? '')
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        ),
    );

    routes.get(
      `${family.base}/:id/referenced-by`,
      {
        permission: 'authenticated',
        summary: `Entries whose relation fields point at this ${family.noun}`,
        params: Params,
        data: Type.Array(Reference),
      },
      (ctx, { params }) => entries.referencedBy(ctx, typeOf(params), params.id),
    );

    routes.post(
      family.base,
      {
        permission: 'authenticated',
        summary: `Create a ${family.noun} as a draft (\`<type>.create\`)`,
        description:
          'The slug is made from the title when left out (unique among siblings: -2, -3...); a slug sent that is taken gives 422. Field values are validated against the type: 422 with a message per path (`fields.price`, `fields.gallery[2].caption`).',
        params: ListParams,
        body: EntryCreateBody,
        data: EntrySchema,
        status: 201,
      },
      (ctx, { params, body }) => entries.create(ctx, typeOf(params), body),
    );

    routes.put(
      `${family.base}/:id`,
      {
        permission: 'authenticated',
        summary: `Change a ${family.noun}: only the properties sent; \`version\` is required`,
        description:
          '409 `stale_version` when the entry moved past the version sent; 423 `entry_locked` while another user holds the edit lock. A published entry keeps serving its published version until it is published again.',
        params: Params,
        body: EntryUpdateBody,
        data: EntrySchema,
      },
      (ctx, { params, body }) => entries.update(ctx, typeOf(params), params.id, body),
    );

    routes.delete(
      `${family.base}/:id`,
      {
        permission: 'authenticated',
        summary: `Move a ${family.noun} to the trash, or delete it for good with \`permanent=true\``,
        params: Params,
        querystring: DeleteQuery,
      },
      (ctx, { params, query }) =>
        query.permanent
          ? entries.destroy(ctx, typeOf(params), params.id)
          : entries.trash(ctx, typeOf(params), params.id),
    );

    routes.post(
      `${family.base}/:id/restore`,
      {
        permission: 'authenticated',
        summary: `Bring a ${family.noun} back from the trash, as a draft`,
        params: Params,
        data: EntrySchema,
      },
      (ctx, { params }) => entries.restore(ctx, typeOf(params), params.id),
    );
  }
}
