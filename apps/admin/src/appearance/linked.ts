import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { useReadableTypes } from '../content/types.js';
import { labelsOf, termsKey, useTaxonomies } from '../taxonomies/queries.js';

/** An entry a menu item links to, as the admin finds it. */
export interface LinkedEntry {
  id: number;
  title: string;
  type: string;
  status: string;
  url: string;
  trashed: boolean;
}

/** A term a menu item links to. */
export interface LinkedTerm {
  name: string;
  taxonomy: string;
}

/**
 * A menu item names its entry by id and type (GET /api/menus gives no title or address): its type is
 * asked for it, and only that type. Null when it has none (deleted, or not readable).
 */
async function findEntry(
  id: number,
  type: string | null,
  readable: readonly string[],
): Promise<LinkedEntry | null> {
  if (type === null || !readable.includes(type)) return null;
  const entry = await data(api.GET('/api/content/{type}/{id}', { params: { path: { type, id } } })).catch(
    () => null,
  );
  if (!entry) return null;
  return {
    id,
    title: entry.title,
    type,
    status: entry.status,
    url: entry.url,
    trashed: entry.deleted_at !== null,
  };
}

/** The entries of these items by id; an id being looked up is absent, one not found is null. */
export function useLinkedEntries(
  linked: ReadonlyArray<{ id: number; type: string | null }>,
): Map<number, LinkedEntry | null> {
  const types = useReadableTypes().map((type) => type.slug);
  const typeOf = new Map(linked.map((each) => [each.id, each.type]));
  const unique = [...typeOf.keys()].sort((a, b) => a - b);
  const found = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['menu-entry', id, typeOf.get(id) ?? null, types],
      queryFn: () => findEntry(id, typeOf.get(id) ?? null, types),
      enabled: types.length > 0,
      staleTime: 60_000,
    })),
  });
  const map = new Map<number, LinkedEntry | null>();
  unique.forEach((id, index) => {
    const answer = found[index]?.data;
    if (answer !== undefined) map.set(id, answer);
  });
  return map;
}

/** Every term of every taxonomy by id (the same lists the taxonomy screens fetch). */
export function useLinkedTerms(): Map<number, LinkedTerm> {
  const { t } = useTranslation();
  const taxonomies = useTaxonomies().data ?? [];
  const lists = useQueries({
    queries: taxonomies.map((taxonomy) => ({
      queryKey: termsKey(taxonomy.slug),
      queryFn: () =>
        data(api.GET('/api/taxonomies/{taxonomy}/terms', { params: { path: { taxonomy: taxonomy.slug } } })),
    })),
  });
  const map = new Map<number, LinkedTerm>();
  lists.forEach((list, index) => {
    const taxonomy = taxonomies[index];
    if (!taxonomy) return;
    for (const term of list.data ?? [])
      map.set(term.id, { name: term.name, taxonomy: labelsOf(t, taxonomy.slug, taxonomy).singular });
  });
  return map;
}
