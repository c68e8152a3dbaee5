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
 * A menu item names its entry by id alone (GET /api/menus gives no type, title or address): each
 * readable type is asked in turn until one has it. Null when none does (deleted, or not readable).
 */
async function findEntry(id: number, types: readonly string[]): Promise<LinkedEntry | null> {
  for (const type of types) {
    const entry = await data(api.GET('/api/content/{type}/{id}', { params: { path: { type, id } } })).catch(
      () => null,
    );
    if (entry)
      return {
        id,
        title: entry.title,
        type,
        status: entry.status,
        url: entry.url,
        trashed: entry.deleted_at !== null,
      };
  }
  return null;
}

/** The entries of these ids by id; an id being looked up is absent, one not found is null. */
export function useLinkedEntries(ids: readonly number[]): Map<number, LinkedEntry | null> {
  const types = useReadableTypes().map((type) => type.slug);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const found = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['menu-entry', id, types],
      queryFn: () => findEntry(id, types),
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
