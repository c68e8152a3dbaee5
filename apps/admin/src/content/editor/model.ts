import type { paths } from '@tessera/sdk';

type Ok<T> = T extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
  ? D
  : never;

/** An entry as GET /api/content/{type}/{id} answers it. */
export type Entry = Ok<paths['/api/content/{type}/{id}']['get']>;
/** A content type with its field definitions. */
export type ContentType = Ok<paths['/api/content-types/{type}']['get']>;
export type FieldDefinition = ContentType['fields'][number];
export type Revision = Ok<paths['/api/content/{type}/{id}/revisions/{revision}']['get']>;
export type Comparison = Ok<paths['/api/content/{type}/{id}/revisions/compare']['get']>;

/** What the editor changes and sends: the writable part of an entry. */
export interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  parent_id: number | null;
  featured_media_id: number | null;
  author_id: number | null;
  fields: Record<string, unknown>;
  terms: Record<string, number[]>;
  /** The page builder's tree (types that use it): edited in the outline. */
  blocks: unknown[];
}

export function draftOf(entry: Entry): Draft {
  return {
    title: entry.title,
    slug: entry.slug,
    excerpt: entry.excerpt,
    parent_id: entry.parent_id,
    featured_media_id: entry.featured_media_id,
    author_id: entry.author_id,
    fields: entry.fields,
    terms: entry.terms,
    blocks: entry.blocks,
  };
}

/** A new entry's draft: each field's default, as the server would give it. */
export function emptyDraft(type: ContentType): Draft {
  const fields: Record<string, unknown> = {};
  for (const field of type.fields) if (field.default !== undefined) fields[field.key] = field.default;
  return {
    title: '',
    slug: '',
    excerpt: '',
    parent_id: null,
    featured_media_id: null,
    author_id: null,
    fields,
    terms: {},
    blocks: [],
  };
}

/** The properties of `draft` that differ from `saved`: what a save sends. */
export function changesOf(saved: Draft, draft: Draft): Partial<Draft> {
  const changes: Partial<Draft> = {};
  for (const key of Object.keys(draft) as (keyof Draft)[])
    if (JSON.stringify(saved[key]) !== JSON.stringify(draft[key]))
      (changes as Record<string, unknown>)[key] = draft[key];
  return changes;
}

/**
 * The entry's public address with `slug` in place of its saved one: the live preview while the slug
 * is typed (the route pattern puts the slug last, alone or at the end of the ancestors' path).
 */
export function urlWithSlug(entry: Pick<Entry, 'url' | 'slug'>, slug: string): string {
  if (!slug || slug === entry.slug) return entry.url;
  const at = entry.url.lastIndexOf(entry.slug);
  return at < 0 ? entry.url : `${entry.url.slice(0, at)}${slug}${entry.url.slice(at + entry.slug.length)}`;
}
