import type { App } from '../../core/http/app-type.js';
import { type ContentType, entryFields, permissionArea } from '../content/types/content-type.js';
import { fieldsSchema } from './field-schema.js';
import { type McpTool, type RouteToolSpec, routeTool, type ToolEffect } from './tool.js';

/** What a caller needs to see a type's tool: one of the type's permissions, own or others'. */
type Need = 'view' | 'create' | 'edit' | 'delete' | 'publish' | 'review';

interface EntryToolShape {
  suffix: string;
  title: string;
  description: string;
  method: RouteToolSpec['method'];
  /** After the family's base path: '' for the list, '/{id}' for one entry... */
  path: string;
  effect: ToolEffect;
  need: Need;
  query?: Record<string, unknown>;
  /** The type's own fields and taxonomies narrow the body's schema. */
  typedBody?: boolean;
}

/** The tools of every content type: the entry routes, the workflow transitions and the revisions. */
const shapes: EntryToolShape[] = [
  {
    suffix: 'list',
    title: 'List',
    description:
      'List {plural}, drafts included: filter by status, author, term, parent, locale, dates; `q` searches titles; paged (page, limit)',
    method: 'GET',
    path: '',
    effect: 'read',
    need: 'view',
  },
  {
    suffix: 'get',
    title: 'Get',
    description:
      'One {singular} by id, with its fields, terms, version and the workflow transitions you may take',
    method: 'GET',
    path: '/{id}',
    effect: 'read',
    need: 'view',
  },
  {
    suffix: 'create',
    title: 'Create',
    description:
      'Create a {singular} as a draft; `fields` holds the values of its fields, `terms` term ids by taxonomy',
    method: 'POST',
    path: '',
    effect: 'write',
    need: 'create',
    typedBody: true,
  },
  {
    suffix: 'update',
    title: 'Update',
    description:
      'Change a {singular}: only the properties sent; `version` (from get) is required, a stale one gives 409',
    method: 'PUT',
    path: '/{id}',
    effect: 'write',
    need: 'edit',
    typedBody: true,
  },
  {
    suffix: 'delete',
    title: 'Move to trash',
    description: 'Move a {singular} to the trash (restorable)',
    method: 'DELETE',
    path: '/{id}',
    effect: 'destructive',
    need: 'delete',
    query: { permanent: false },
  },
  {
    suffix: 'delete_permanently',
    title: 'Delete permanently',
    description: 'Delete a {singular} for good, with its revisions: cannot be undone',
    method: 'DELETE',
    path: '/{id}',
    effect: 'destructive',
    need: 'delete',
    query: { permanent: true },
  },
  {
    suffix: 'restore',
    title: 'Restore from trash',
    description: 'Bring a {singular} back from the trash, as a draft',
    method: 'POST',
    path: '/{id}/restore',
    effect: 'write',
    need: 'delete',
  },
  {
    suffix: 'submit',
    title: 'Submit for review',
    description: 'Submit a draft {singular} for review',
    method: 'POST',
    path: '/{id}/submit',
    effect: 'write',
    need: 'edit',
  },
  {
    suffix: 'approve',
    title: 'Approve',
    description: 'Approve a {singular} in review',
    method: 'POST',
    path: '/{id}/approve',
    effect: 'write',
    need: 'review',
  },
  {
    suffix: 'request_changes',
    title: 'Request changes',
    description: 'Send a {singular} in review back to its author as a draft, with a comment',
    method: 'POST',
    path: '/{id}/request-changes',
    effect: 'write',
    need: 'review',
  },
  {
    suffix: 'publish',
    title: 'Publish',
    description: 'Publish a {singular}: the site serves its working copy from now on',
    method: 'POST',
    path: '/{id}/publish',
    effect: 'write',
    need: 'publish',
  },
  {
    suffix: 'schedule',
    title: 'Schedule',
    description: 'Publish a {singular} at a future time (`publish_at`, ISO 8601); again to move the time',
    method: 'POST',
    path: '/{id}/schedule',
    effect: 'write',
    need: 'publish',
  },
  {
    suffix: 'unschedule',
    title: 'Cancel schedule',
    description: 'Cancel the scheduled publication of a {singular} (back to draft)',
    method: 'POST',
    path: '/{id}/unschedule',
    effect: 'write',
    need: 'publish',
  },
  {
    suffix: 'unpublish',
    title: 'Unpublish',
    description: 'Take a published {singular} off the site (back to draft)',
    method: 'POST',
    path: '/{id}/unpublish',
    effect: 'destructive',
    need: 'publish',
  },
  {
    suffix: 'revisions',
    title: 'Revisions',
    description: 'The revisions of a {singular}, newest first',
    method: 'GET',
    path: '/{id}/revisions',
    effect: 'read',
    need: 'view',
  },
  {
    suffix: 'revisions_compare',
    title: 'Compare revisions',
    description: 'What changed between two revisions of a {singular} (`from`, `to` revision ids)',
    method: 'GET',
    path: '/{id}/revisions/compare',
    effect: 'read',
    need: 'view',
  },
  {
    suffix: 'revision_restore',
    title: 'Restore revision',
    description: "Make a revision the {singular}'s working copy again (saved as a new revision)",
    method: 'POST',
    path: '/{id}/revisions/{revision}/restore',
    effect: 'write',
    need: 'edit',
  },
];

/** The REST family of a type: pages and posts have their own paths, custom types share one. */
function familyOf(type: ContentType): { base: string; fixed: Record<string, unknown> } {
  if (type.builtin && (type.slug === 'page' || type.slug === 'post'))
    return { base: `/api/${type.slug}s`, fixed: {} };
  return { base: '/api/content/{type}', fixed: { type: type.slug } };
}

function permissionsFor(type: ContentType, need: Need): string[] {
  if (need === 'review') return ['content.review'];
  const area = permissionArea(type);
  return need === 'view' || need === 'create'
    ? [`${area}.${need}`]
    : [`${area}.${need}`, `${area}.${need}_others`];
}

/**
 * Tools for one content type, made when the tools are listed: a type created a minute ago has its
 * tools at once. Their input is the entry route's, with `fields` and `terms` narrowed to the type's.
 */
export function entryTools(app: App, type: ContentType): McpTool[] {
  const { base, fixed } = familyOf(type);
  const overrides = {
    fields: fieldsSchema(entryFields(type)),
    terms: termsSchema(type),
  };
  const words = (text: string) =>
    text
      .replaceAll('{singular}', type.singular_label.toLowerCase())
      .replaceAll('{plural}', type.plural_label.toLowerCase());
  return shapes.map((shape) =>
    routeTool(app, {
      name: `${type.slug}_${shape.suffix}`,
      title: `${shape.title} (${type.singular_label})`,
      description: words(shape.description),
      method: shape.method,
      path: `${base}${shape.path}`,
      effect: shape.effect,
      permissions: permissionsFor(type, shape.need),
      fixed: { ...fixed, ...shape.query },
      ...(shape.typedBody ? { overrides } : {}),
    }),
  );
}

function termsSchema(type: ContentType): Record<string, unknown> {
  const ids = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 100, uniqueItems: true };
  return {
    type: 'object',
    description: 'Term ids by taxonomy slug (find them with terms_list); a taxonomy sent replaces its terms',
    properties: Object.fromEntries(type.taxonomies.map((slug) => [slug, ids])),
    additionalProperties: false,
  };
}
